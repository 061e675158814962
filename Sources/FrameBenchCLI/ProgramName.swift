/// What help, usage lines and error messages call the program: "framebench",
/// or the name of a package's own executable built on `FrameBenchCLI.main`
/// (`my-scene: unknown command 'rnu'`), so what a user reads is what they
/// type. Completions and the man page stay framebench's.
enum ProgramName {
    nonisolated(unsafe) static var current = "framebench"

    /// The file name in `path` (argv[0]), or "framebench" when there is none.
    static func executableName(_ path: String?) -> String {
        guard let last = path?.split(separator: "/").last, !last.isEmpty else { return "framebench" }
        return String(last)
    }
}
