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
        /// With `perFrame`, the counts of each frame the child ended with
        /// `InstructionCounter.endFrame()` while measuring, in order; each
        /// holds the lanes that ran in that frame. Empty otherwise.
        public var frames: [InstructionCounts]
        /// The child's standard output, unchanged.
        public var standardOutput: Data
        /// Where the callgrind out file was kept (`keepOutput`), else nil.
        public var outputFile: URL?
        /// Instructions callgrind counted in total (all collected code,
        /// including work between phases), for a sanity check.
        public var collectedInstructions: UInt64

        /// Whole-frame instructions of `lane`, frame by frame (with `perFrame`).
        public func frameTotals(_ lane: Backend) -> [UInt64] {
            frames.filter { $0.totals[lane] != nil }.map { $0.frameTotal(lane) }
        }
    }

    /// The executable to count; `/proc/self/exe` (this program) by default.
    public var executable: URL
    /// Where stripped copies are cached between runs.
    public var cacheDirectory: URL
    /// Where `valgrind` and `strip` are looked up (`PATH`) and what the
    /// child's environment is made from: `countedEnvironmentKeys` of it,
    /// plus the runner's own variables.
    public var environment: [String: String]
    /// Where each run makes (and removes) its scratch directory.
    public var scratchDirectory: URL = FileManager.default.temporaryDirectory
    /// The variables of `environment` the child sees (besides the runner's
    /// own): `countedEnvironmentKeys` unless changed.
    public var keptVariables = Self.countedEnvironmentKeys
    /// Where the child runs: `/` by default, the same on every machine.
    /// The working directory's path reaches the child's heap (Foundation
    /// reads it), so where the caller stood moved diff counts by 0.2%;
    /// arguments must be absolute paths.
    public var workingDirectory = URL(fileURLWithPath: "/")
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
    ///
    /// With `perFrame`, the child dumps its counts at every
    /// `InstructionCounter.endFrame()`, and `Outcome.frames` has one entry
    /// per measured frame (a distribution, not only a mean). When
    /// `keepOutput` is given, the callgrind out file is moved there
    /// (replacing a file already there), e.g. for flame graphs, and
    /// per-frame parts beside it as `<keepOutput>.<n>`; otherwise every
    /// temporary file is removed.
    /// - Complexity: the child's run under callgrind (about 50x its native
    ///   time) plus parsing, linear in the out files' size.
    public func run(arguments: [String], perFrame: Bool = false, keepOutput: URL? = nil) throws -> Outcome {
        guard let valgrind = Self.locate("valgrind", path: environment["PATH"]) else {
            throw CallgrindError.valgrindMissing
        }
        let stripped = try strippedExecutable()
        let workDirectory = try makeWorkDirectory()
        let workSlot = TemporaryFiles.registerFolder(workDirectory.path, label: "callgrind scratch folder")
        defer {
            try? FileManager.default.removeItem(at: workDirectory)
            TemporaryFiles.unregister(workSlot)
        }
        let outFile = workDirectory.appendingPathComponent("callgrind.out")
        let result = try runChild(
            valgrind: valgrind, childArguments: [stripped.path] + arguments, perFrame: perFrame, outFile: outFile,
            label: "valgrind (callgrind) of framebench \(arguments.prefix(2).joined(separator: " "))")
        guard result.status == 0 else {
            throw CallgrindError.childFailed(status: result.status, stderrTail: result.standardErrorTail)
        }
        // Per-frame dumps are `callgrind.out.1`, `.2`, ...; the file
        // itself holds what followed the last dump.
        let parts = try partFiles(of: outFile)
        var outcome = try Self.outcome(parts: parts, last: outFile, standardOutput: result.standardOutput)
        if let keepOutput {
            for part in parts {
                let suffix = part.lastPathComponent.dropFirst(outFile.lastPathComponent.count)
                try keep(part, at: URL(fileURLWithPath: keepOutput.path + suffix))
            }
            try keep(outFile, at: keepOutput)
            outcome.outputFile = keepOutput
        }
        return outcome
    }

    /// A fresh scratch folder for one run (abandoned ones of dead runs removed first).
    private func makeWorkDirectory() throws -> URL {
        TemporaryFiles.removeAbandoned("framebench-callgrind-run", in: scratchDirectory)
        let workDirectory = scratchDirectory.appendingPathComponent(TemporaryFiles.scratchName("framebench-callgrind-run"))
        do {
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        } catch {
            throw CallgrindError.scratchUnwritable(path: scratchDirectory.path, reason: "\(error)")
        }
        return workDirectory
    }

    /// `childArguments` under callgrind writing `outFile` (its folder the
    /// scratch), with the counted environment and no address-space randomisation.
    private func runChild(valgrind: URL, childArguments: [String], perFrame: Bool, outFile: URL, label: String) throws
        -> ChildProcess.Result
    {
        let options = [
            "--tool=callgrind", "--quiet", "--callgrind-out-file=\(outFile.path)", "--collect-atstart=no",
        ]
        var childEnvironment = environment.filter { keptVariables.contains($0.key) }
        childEnvironment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        childEnvironment[InstructionCounter.childEnvironmentKey] = "1"
        childEnvironment[InstructionCounter.perFrameEnvironmentKey] = perFrame ? "1" : nil
        // Without address-space randomisation the allocator and hash tables
        // see the same addresses every run: a few instructions a frame that
        // otherwise vary from run to run (measured: update +3, ncurses
        // refresh -34 of 2-4 million) become identical.
        var launcher = valgrind
        var launcherArguments = options + extraValgrindOptions + childArguments
        if let setarch = Self.locate("setarch", path: environment["PATH"]) {
            var system = utsname()
            uname(&system)
            let machine = withUnsafeBytes(of: system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            launcher = setarch
            launcherArguments = [machine, "-R", valgrind.path] + launcherArguments
        }
        return try ChildProcess.run(
            launcher, launcherArguments,
            environment: StackAlignment.padded(childEnvironment, arguments: childArguments),
            scratch: outFile.deletingLastPathComponent(), workingDirectory: workingDirectory, label: label)
    }

    /// The counts of the per-frame `parts` and of `last` (what followed the
    /// last dump, or everything without per-frame dumps), summed.
    private static func outcome(parts: [URL], last: URL, standardOutput: Data) throws -> Outcome {
        var frames: [InstructionCounts] = []
        var counts = InstructionCounts(totals: [:])
        var collected: UInt64 = 0
        for part in parts + [last] {
            let profile = try CallgrindProfile(contentsOf: part)
            let partCounts = InstructionCounts(profile: profile)
            counts = counts.adding(partCounts)
            collected += profile.statedTotalInstructions ?? profile.selfInstructionsTotal
            if part != last { frames.append(partCounts) }
        }
        return Outcome(
            counts: counts, frames: frames, standardOutput: standardOutput, outputFile: nil, collectedInstructions: collected)
    }

    private func partFiles(of outFile: URL) throws -> [URL] {
        let prefix = outFile.lastPathComponent + "."
        let directory = outFile.deletingLastPathComponent()
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw CallgrindError.scratchUnwritable(path: directory.path, reason: "\(error)")
        }
        return
            entries
            .compactMap { entry -> (Int, URL)? in
                guard entry.hasPrefix(prefix), let number = Int(entry.dropFirst(prefix.count)) else { return nil }
                return (number, directory.appendingPathComponent(entry))
            }
            .sorted { $0.0 < $1.0 }
            .map(\.1)
    }

    private func keep(_ file: URL, at destination: URL) throws {
        try? FileManager.default.removeItem(at: destination)
        do {
            try FileManager.default.moveItem(at: file, to: destination)
        } catch {
            throw CallgrindError.keepOutputFailed(path: destination.path, reason: "\(error)")
        }
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
        // The build's path is part of the name, so two checkouts (or two
        // programs with one name) never replace each other's copy.
        let resolved = Self.resolvedPath(executable)
        let name = "\(URL(fileURLWithPath: resolved).lastPathComponent)-\(Self.stableHash(resolved))"
        // Hashed to a fixed length: the copy's path is the child's argv[0],
        // which the Swift runtime copies onto the heap, and a path one digit
        // longer (an inode, a nanosecond) would shift the child's allocations
        // and with them its counts.
        let key = "\(name)-\(Self.stableHash("\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"))"
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
        let partialSlot = TemporaryFiles.register(partial.path)
        defer {
            try? FileManager.default.removeItem(at: partial)
            TemporaryFiles.unregister(partialSlot)
        }
        let result = try ChildProcess.run(
            strip, ["--strip-debug", "-o", partial.path, source],
            environment: environment, scratch: cacheDirectory)
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

    /// The executable's path; for `/proc/self/exe`, the real one (without
    /// the " (deleted)" a rebuilt, still running binary shows).
    private static func resolvedPath(_ url: URL) -> String {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) else {
            return url.resolvingSymlinksInPath().path
        }
        return target.hasSuffix(" (deleted)") ? String(target.dropLast(" (deleted)".count)) : target
    }

    /// FNV-1a of `text`, in 16 hex digits: the same in every process (Swift's
    /// `Hasher` is seeded per process), for names that persist.
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Variables a counted child keeps from `environment`: those that
    /// decide which libraries load, which terminfo entry is read and how
    /// text is encoded. Every other variable is dropped. Anything the child
    /// copies from its environment onto the heap (Foundation's
    /// `ProcessInfo.environment` copies all of it) shifts every later
    /// allocation, and with it the alignment of the cell buffers that
    /// `memcmp` walks, and the paths glibc's allocator takes: one 300-byte
    /// variable in the caller's shell moved diff counts by 0.2% and update
    /// counts by a few instructions. With the allowlist, counts depend on
    /// the build, its arguments and these few values only.
    public static let countedEnvironmentKeys: Set<String> = [
        "HOME", "TERMINFO", "TERMINFO_DIRS", "LANG", "LC_ALL", "LC_CTYPE", "LD_LIBRARY_PATH", "VALGRIND_LIB",
    ]

    /// The first executable called `tool` on `PATH`.
    public static func locate(_ tool: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
