import Foundation

/// `framebench profile`: a scenario's measured frames under callgrind (the
/// machinery of `--measure instructions`: a counted child, collection on in
/// measured frames only, fixed hash seed, no address randomisation), kept
/// as three files in a folder:
///
/// - `callgrind.out`: callgrind's file with Swift names demangled, for
///   kcachegrind or qcachegrind;
/// - `stacks.folded`: folded stacks (`FoldedStacks`), for speedscope or any
///   flame graph tool;
/// - `flamegraph.svg`: the flame graph, drawn by the caller's `flameGraph`
///   (`FlameGraph` in Reports: the harness measures, Reports draws).
///
/// Existing files are replaced only when asked; each is written atomically.
public enum InstructionProfile {
    public struct Output {
        public var callgrind: URL
        public var folded: URL
        public var flameGraph: URL
        /// Instructions in the folded stacks (every collected instruction).
        public var instructions: UInt64
        /// The functions with the most instructions of their own, most first.
        public var hottest: [(name: String, instructions: UInt64)]
        /// Whether names were demangled (false: `swift-demangle` not found).
        public var demangled: Bool
    }

    public static let fileNames = (callgrind: "callgrind.out", folded: "stacks.folded", flameGraph: "flamegraph.svg")

    public static func profile(
        _ settings: RunSettings, into directory: URL, replacing: Bool,
        flameGraph: (_ stacks: FoldedStacks, _ title: String) -> String
    ) throws -> Output {
        let callgrind = directory.appendingPathComponent(fileNames.callgrind)
        let folded = directory.appendingPathComponent(fileNames.folded)
        let flame = directory.appendingPathComponent(fileNames.flameGraph)
        // A folder made for this profile goes again if the profile is cut
        // short before anything is in it (a folder that was there stays).
        var folderSlot: Int?
        if !FileManager.default.fileExists(atPath: directory.path) {
            folderSlot = TemporaryFiles.registerOutputFolder(directory.path)
        }
        defer { TemporaryFiles.unregister(folderSlot) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError("--out \(directory.path): cannot make the folder (\(error.localizedDescription))")
        }
        for file in [callgrind, folded, flame] { try AtomicFile.check(file.path, replacing: replacing) }
        let raw = directory.appendingPathComponent(".callgrind-\(UUID().uuidString).out")
        let rawSlot = TemporaryFiles.register(raw.path)
        defer {
            try? FileManager.default.removeItem(at: raw)
            TemporaryFiles.unregister(rawSlot)
        }
        do {
            _ = try ChildSettings.withArguments(for: settings, flag: "--counted-child") {
                try CallgrindRunner(executable: try CountedRun.executable()).run(arguments: $0, keepOutput: raw)
            }
        } catch let error as CallgrindError {
            throw error.reported("profile of \(settings.name)")
        }
        let demangler = SwiftDemangler()
        let text = try demangler?.demangle(fileAt: raw, scratch: directory) ?? Data(contentsOf: raw)
        let profile = try CallgrindProfile(parsing: String(decoding: text, as: UTF8.self), source: raw.path)
        let stacks = FoldedStacks(profile)
        let title = "\(settings.workload) \(settings.size), \(settings.frames - settings.warmUpFrames) measured frames, "
            + "script \(settings.script), \(settings.backend.rawValue): instructions"
        try AtomicFile.write(Array(text), to: callgrind.path, replacing: replacing)
        try AtomicFile.write(Array(stacks.text.utf8), to: folded.path, replacing: replacing)
        try AtomicFile.write(Array(flameGraph(stacks, title).utf8), to: flame.path, replacing: replacing)
        let hottest = profile.functions.map { ($0.key, $0.value.selfInstructions) }.sorted { $0.1 > $1.1 }.prefix(10)
        return Output(
            callgrind: callgrind, folded: folded, flameGraph: flame, instructions: stacks.total,
            hottest: Array(hottest).map { (name: $0.0, instructions: $0.1) }, demangled: demangler != nil)
    }
}
