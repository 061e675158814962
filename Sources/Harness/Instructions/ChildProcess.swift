import Foundation

/// A child process whose stdout and stderr go to files in `scratch` (no pipe
/// to fill up and block it), read back when it exits. The child keeps the
/// parent's working directory, so relative paths in its arguments resolve,
/// unless `directory` names another.
enum ChildProcess {
    struct Result {
        var status: Int32
        var standardOutput: Data
        var standardErrorTail: String
    }

    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], scratch directory: URL,
        workingDirectory: URL? = nil
    ) throws -> Result {
        let outputFile = directory.appendingPathComponent("child-\(UUID().uuidString).stdout")
        let errorFile = directory.appendingPathComponent("child-\(UUID().uuidString).stderr")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil),
            FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        else {
            throw CallgrindError.scratchUnwritable(
                path: directory.path, reason: "cannot create files for the child's output")
        }
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let output: FileHandle
        let error: FileHandle
        do {
            output = try aboveStandardStreams(FileHandle(forWritingTo: outputFile))
            error = try aboveStandardStreams(FileHandle(forWritingTo: errorFile))
        } catch {
            throw CallgrindError.scratchUnwritable(path: directory.path, reason: "\(error)")
        }
        defer {
            try? output.close()
            try? error.close()
        }
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CallgrindError.launchFailed(tool: executable.path, reason: "\(error)")
        }
        process.waitUntilExit()
        let errorText = String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(
            status: status, standardOutput: (try? Data(contentsOf: outputFile)) ?? Data(),
            standardErrorTail: tail(of: errorText))
    }

    /// `handle` on a descriptor above 2. With this process's standard error
    /// (or output) closed, a file opened now takes descriptor 2, and wiring
    /// the child's streams (its stdout from descriptor 2, its stderr onto 2)
    /// would send its output into the error file.
    private static func aboveStandardStreams(_ handle: FileHandle) throws -> FileHandle {
        guard handle.fileDescriptor <= 2 else { return handle }
        let moved = fcntl(handle.fileDescriptor, F_DUPFD_CLOEXEC, 3)
        guard moved >= 0 else { throw CocoaError(.fileWriteUnknown) }
        try handle.close()
        return FileHandle(fileDescriptor: moved, closeOnDealloc: true)
    }

    /// The last 20 lines (at most 2,000 characters): where the reason is.
    static func tail(of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(21)
        return String(lines.joined(separator: "\n").suffix(2_000)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
