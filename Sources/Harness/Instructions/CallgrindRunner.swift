import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a child invocation of an executable (by default this one) under
/// valgrind's callgrind and returns the instructions of each counted phase.
///
/// Valgrind 3.19 cannot read the debug info this Swift toolchain emits
/// ("Possibly corrupted debuginfo file"), so the child is a copy made with
/// `strip --strip-debug`: symbols stay, so callgrind still names functions.
/// The stripped copy is cached by the executable's inode, size and mtime, so
/// a suite strips once per build, not once per scenario.
///
/// The child runs with collection off (`--collect-atstart=no`), with
/// `SWIFT_DETERMINISTIC_HASHING=1` (a fixed hash seed, so dictionary and set
/// iteration, hence the instructions, repeat exactly) and with
/// `InstructionCounter.childEnvironmentKey` set, which activates its
/// markers. The child turns collection on for measured frames only.
///
/// Callgrind runs code about 50-100x slower than native: count a few hundred
/// frames, not thousands.
public struct CallgrindRunner {
    /// What one counted child produced.
    public struct Outcome {
        /// Instructions per lane and phase over the child's measured frames.
        public var counts: InstructionCounts
        /// The child's standard output, unchanged.
        public var standardOutput: Data
        /// Where the callgrind out file was kept (`keepOutput`), else nil.
        public var outputFile: URL?
        /// Instructions callgrind counted in total (all collected code,
        /// including work between phases), for a sanity check.
        public var collectedInstructions: UInt64
    }

    /// The executable to count; `/proc/self/exe` (this program) by default.
    public var executable: URL
    /// Where stripped copies are cached between runs.
    public var cacheDirectory: URL
    /// The child's environment before the runner adds its two variables;
    /// its `PATH` is where `valgrind` and `strip` are looked up.
    public var environment: [String: String]
    /// Where each run makes (and removes) its scratch directory.
    public var scratchDirectory: URL = FileManager.default.temporaryDirectory
    /// Extra valgrind options (e.g. `--dump-instr=yes` for annotation).
    public var extraValgrindOptions: [String] = []

    public init(
        executable: URL = URL(fileURLWithPath: "/proc/self/exe"),
        cacheDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-callgrind"),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.executable = executable
        self.cacheDirectory = cacheDirectory
        self.environment = environment
    }

    /// Runs `executable arguments...` under callgrind and parses its counts.
    /// When `keepOutput` is given, the callgrind out file is moved there
    /// (replacing a file already there), e.g. for flame graphs; otherwise
    /// every temporary file is removed.
    public func run(arguments: [String], keepOutput: URL? = nil) throws -> Outcome {
        guard let valgrind = Self.locate("valgrind", path: environment["PATH"]) else {
            throw CallgrindError.valgrindMissing
        }
        let stripped = try strippedExecutable()
        let workDirectory = scratchDirectory.appendingPathComponent("framebench-callgrind-run-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        } catch {
            throw CallgrindError.scratchUnwritable(path: scratchDirectory.path, reason: "\(error)")
        }
        defer { try? FileManager.default.removeItem(at: workDirectory) }
        let outFile = workDirectory.appendingPathComponent("callgrind.out")
        let options = [
            "--tool=callgrind", "--quiet", "--callgrind-out-file=\(outFile.path)", "--collect-atstart=no",
        ]
        var childEnvironment = environment
        childEnvironment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        childEnvironment[InstructionCounter.childEnvironmentKey] = "1"
        let result = try ChildProcess.run(
            valgrind, options + extraValgrindOptions + [stripped.path] + arguments,
            environment: childEnvironment, scratch: workDirectory)
        guard result.status == 0 else {
            throw CallgrindError.childFailed(status: result.status, stderrTail: result.standardErrorTail)
        }
        let profile = try CallgrindProfile(contentsOf: outFile)
        var kept: URL?
        if let keepOutput {
            try? FileManager.default.removeItem(at: keepOutput)
            do {
                try FileManager.default.moveItem(at: outFile, to: keepOutput)
            } catch {
                throw CallgrindError.keepOutputFailed(path: keepOutput.path, reason: "\(error)")
            }
            kept = keepOutput
        }
        return Outcome(
            counts: InstructionCounts(profile: profile), standardOutput: result.standardOutput, outputFile: kept,
            collectedInstructions: profile.statedTotalInstructions ?? profile.selfInstructionsTotal)
    }

    /// The cached stripped copy of `executable`, made if missing.
    /// - Complexity: one `stat` when cached; a copy and a strip otherwise.
    public func strippedExecutable() throws -> URL {
        // `/proc/self/exe` names whichever process opens it (strip would
        // strip itself); this process's own entry stays valid even when the
        // binary was rebuilt meanwhile.
        let source = executable.path == "/proc/self/exe" ? "/proc/\(getpid())/exe" : executable.path
        var info = stat()
        guard stat(source, &info) == 0 else {
            throw CallgrindError.executableUnreadable(path: executable.path, reason: String(cString: strerror(errno)))
        }
        let name = Self.executableName(executable)
        let key = "\(name)-\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        let cached = cacheDirectory.appendingPathComponent(key)
        if FileManager.default.isExecutableFile(atPath: cached.path) { return cached }

        let path = environment["PATH"]
        guard let strip = Self.locate("strip", path: path) ?? Self.locate("llvm-strip", path: path) else {
            throw CallgrindError.stripMissing
        }
        do {
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        } catch {
            throw CallgrindError.scratchUnwritable(path: cacheDirectory.path, reason: "\(error)")
        }
        // Strip into a private name, then rename: a concurrent suite never
        // sees a half-written copy.
        let partial = cacheDirectory.appendingPathComponent(".\(key).\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: partial) }
        let result = try ChildProcess.run(
            strip, ["--strip-debug", "-o", partial.path, source],
            environment: ProcessInfo.processInfo.environment, scratch: cacheDirectory)
        guard result.status == 0 else {
            throw CallgrindError.stripFailed(
                executable: executable.path, status: result.status, stderrTail: result.standardErrorTail)
        }
        guard chmod(partial.path, 0o755) == 0, rename(partial.path, cached.path) == 0 else {
            throw CallgrindError.executableUnreadable(path: cached.path, reason: String(cString: strerror(errno)))
        }
        removeStaleCopies(of: name, keeping: key)
        return cached
    }

    /// Copies of older builds of the same executable are dead weight.
    private func removeStaleCopies(of name: String, keeping key: String) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path)) ?? []
        for entry in entries where entry != key && entry.hasPrefix("\(name)-") {
            try? FileManager.default.removeItem(at: cacheDirectory.appendingPathComponent(entry))
        }
    }

    /// The executable's file name; for `/proc/self/exe`, the real one.
    private static func executableName(_ url: URL) -> String {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? url.path
        let name = URL(fileURLWithPath: target).lastPathComponent
        // A rebuilt binary still running shows as "name (deleted)".
        return name.replacingOccurrences(of: " (deleted)", with: "").replacingOccurrences(of: " ", with: "_")
    }

    /// The first executable called `tool` on `PATH`.
    public static func locate(_ tool: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// A child process whose stdout and stderr go to files in `scratch` (no pipe
/// to fill up and block it), read back when it exits. The child keeps the
/// parent's working directory, so relative paths in its arguments resolve.
enum ChildProcess {
    struct Result {
        var status: Int32
        var standardOutput: Data
        var standardErrorTail: String
    }

    static func run(_ executable: URL, _ arguments: [String], environment: [String: String], scratch directory: URL)
        throws
        -> Result
    {
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
        let output: FileHandle
        let error: FileHandle
        do {
            output = try FileHandle(forWritingTo: outputFile)
            error = try FileHandle(forWritingTo: errorFile)
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

    /// The last 20 lines (at most 2,000 characters): where the reason is.
    static func tail(of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(21)
        return String(lines.joined(separator: "\n").suffix(2_000)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
