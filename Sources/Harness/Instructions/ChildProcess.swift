import Foundation
import ProcessLifetime

/// A child process whose stdout and stderr go to files in `scratch` (no pipe
/// to fill up and block it), read back when it exits. The child keeps the
/// parent's working directory, so relative paths in its arguments resolve,
/// unless `directory` names another.
///
/// The child never outlives framebench: it is forked by ProcessLifetime
/// (in a process group of its own, with PDEATHSIG so it dies if framebench is
/// killed outright) and stays in its registry under `label` until reaped, so
/// framebench's SIGINT, SIGTERM or SIGHUP ends its group and says so.
/// Foundation's `Process` can do neither: its children outlived an
/// interrupted suite by minutes (one grew to 1.7 GB).
enum ChildProcess {
    struct Result {
        var status: Int32
        var standardOutput: Data
        var standardErrorTail: String
    }

    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], scratch directory: URL,
        workingDirectory: URL? = nil, label: String? = nil
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
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let name = label ?? ([executable.lastPathComponent] + arguments.prefix(3)).joined(separator: " ")
        var pid: pid_t = 0
        var slot: Int32 = -1
        let code = framebench_lifetime_spawn(
            executable.path, argv, envp, workingDirectory?.path, -1, output.fileDescriptor, error.fileDescriptor, name,
            &pid, &slot)
        guard code == 0 else {
            throw CallgrindError.launchFailed(tool: executable.path, reason: String(cString: strerror(code)))
        }
        var raw: Int32 = 0
        var usage = rusage()
        let waited = framebench_lifetime_wait(pid, slot, &raw, &usage)
        guard waited == 0 else {
            throw CallgrindError.launchFailed(tool: executable.path, reason: "waiting for it: \(String(cString: strerror(waited)))")
        }
        let errorText = String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
        // As a shell says it: 128 + the signal for a child a signal ended.
        let signal = raw & 0x7F
        let status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
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
