import PackagePlugin

/// Writes `GitCommit.swift` for `framebench --version` before every build:
/// the commit the sources were built from and whether tracked files had
/// changes. Without git or outside a checkout the commit is nil and
/// `--version` says "unknown": it never guesses.
@main
struct GitCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectory.appending("GitCommit")
        // Rewritten only when it changes, so an unchanged checkout rebuilds nothing.
        let script = #"""
            root=$1; out=$2; mkdir -p "$out"
            commit=$(git -C "$root" rev-parse HEAD 2>/dev/null) || commit=
            case "$commit" in *[!0-9a-f]* | "") commit= ;; esac
            if [ -n "$commit" ]; then
                if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then dirty=true; else dirty=false; fi
                text="enum GitCommit { static let hash: String? = \"$commit\"; static let dirty: Bool? = $dirty }"
            else
                text="enum GitCommit { static let hash: String? = nil; static let dirty: Bool? = nil }"
            fi
            [ "$(cat "$out/GitCommit.swift" 2>/dev/null)" = "$text" ] || printf '%s\n' "$text" >"$out/GitCommit.swift"
            """#
        return [
            .prebuildCommand(
                displayName: "Recording the git commit for framebench --version",
                executable: Path("/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directory.string, output.string],
                outputFilesDirectory: output)
        ]
    }
}
