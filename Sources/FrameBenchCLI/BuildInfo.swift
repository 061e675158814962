/// What `framebench --version` prints: the version, the commit the sources
/// were built from (recorded at build time by the GitCommitPlugin; "unknown"
/// outside a git checkout) and the build configuration.
enum BuildInfo {
    static let version = "0.1.0"

    static var configuration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    static var commit: String {
        guard let hash = GitCommit.hash else { return "unknown" }
        return hash + (GitCommit.dirty == true ? " (with uncommitted changes)" : "")
    }

    static var text: String {
        // A package's own executable says whose command line it is, and which FrameBench.
        let program = ProgramName.current == "framebench" ? "framebench" : "\(ProgramName.current) (FrameBench)"
        return "\(program) \(version)\ncommit \(commit)\nbuild \(configuration)"
    }
}
