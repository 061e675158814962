import Foundation

/// Swift symbol names made readable with the toolchain's `swift-demangle`
/// (what `swift demangle` runs), over a whole file at once: it rewrites
/// every mangled name it finds in the text and leaves the rest alone, so a
/// callgrind out file stays a valid callgrind out file.
public struct SwiftDemangler {
    /// The `swift-demangle` executable.
    public let tool: URL

    /// Finds `swift-demangle` on `PATH`, or beside the `swift` on `PATH`;
    /// nil when neither is there.
    public init?(path: String? = ProcessInfo.processInfo.environment["PATH"]) {
        if let found = CallgrindRunner.locate("swift-demangle", path: path) {
            tool = found
        } else if let swift = CallgrindRunner.locate("swift", path: path) {
            let beside = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-demangle")
            guard FileManager.default.isExecutableFile(atPath: beside.path) else { return nil }
            tool = beside
        } else {
            return nil
        }
    }

    /// The file at `input` with its Swift names demangled (`--simplified`:
    /// without module-qualified argument types), as bytes.
    public func demangle(fileAt input: URL, scratch: URL) throws -> Data {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" --simplified < \"$1\"", tool.path, input.path],
            environment: ProcessInfo.processInfo.environment, scratch: scratch, label: "swift-demangle")
        guard result.status == 0 else {
            throw InternalFailure(.tool, "\(tool.path) failed (status \(result.status)): \(result.standardErrorTail)")
        }
        return result.standardOutput
    }
}
