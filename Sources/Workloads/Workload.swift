import Foundation
import FrameGrid

/// Something that draws frame after frame: what the harness measures. A
/// reference workload draws straight into the grid; a scene on the layout
/// engine becomes one through `SceneKit`'s `SceneWorkload`. Frame `index` is a
/// pure function of the workload's settings and the index, so two backends
/// see the same frames.
public protocol Workload: AnyObject {
    /// The name used on the command line.
    static var name: String { get }
    var size: Size { get }
    /// Brings the workload's state to frame `index` (items generated or
    /// fetched, positions): the update phase, timed apart from drawing.
    /// `draw` works without it, doing the update itself when needed.
    func update(frame index: Int)
    /// Draws frame `index` into `grid` (of `size`). The grid's contents are
    /// stale (any earlier frame): redraw every row, or mutate a grid that
    /// still holds frame `index - 1` when `drawsIncrementally` is true.
    func draw(frame index: Int, into grid: inout Grid)
    /// Whether `draw` relies on the grid holding the previous frame.
    var drawsIncrementally: Bool { get }
}

extension Workload {
    /// Workloads whose state is computed while drawing have no separate update.
    public func update(frame index: Int) {}
}

/// Settings every workload accepts.
public struct WorkloadSettings: Sendable, Equatable {
    public var size: Size
    public var seed: UInt64
    public var feedItems: Int
    /// Items from a file instead of generated ones (one per line, plain
    /// UTF-8 or JSON objects with `text` and optional `author`).
    public var feedFile: String?
    /// The input script driving a scene ("default": the scene's own).
    public var script: String

    public init(
        size: Size = Size(cols: 200, rows: 50), seed: UInt64 = 1, feedItems: Int = 1_000_000, feedFile: String? = nil,
        script: String = "default"
    ) {
        self.size = size
        self.seed = seed
        self.feedItems = feedItems
        self.feedFile = feedFile
        self.script = script
    }
}

/// A workload `framebench` can run by name: how to make it, and one line
/// saying what it draws (shown by `framebench list`).
public struct WorkloadEntry: Sendable {
    public let name: String
    public let summary: String
    /// The scripts `--script` accepts ("default" first).
    public let scripts: [String]
    public let make: @Sendable (WorkloadSettings) throws -> Workload

    public init(
        name: String, summary: String, scripts: [String] = ["default"],
        make: @escaping @Sendable (WorkloadSettings) throws -> Workload
    ) {
        self.name = name
        self.summary = summary
        self.scripts = scripts
        self.make = make
    }
}

/// A workload cannot be made with the settings given (an unknown script, a
/// feed that cannot be read); the message names what is wrong.
public struct WorkloadError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A name asked for that no workload in the catalog has.
public struct UnknownWorkloadError: Error, CustomStringConvertible, Equatable {
    public let name: String
    public let known: [String]
    public init(name: String, known: [String]) {
        self.name = name
        self.known = known
    }
    public var description: String { "unknown scenario '\(name)' (known: \(known.joined(separator: ", ")))" }
}

/// Workloads by name: what a run, a suite file or a command line can ask
/// for. The measurement library takes one from its caller (`RunSettings.catalog`);
/// `framebench` composes its own from the built-in workloads, the seed
/// scenes and `Benchmarks/Scenes`, and another package adds its scenes the same way.
public struct WorkloadCatalog: Sendable {
    public let entries: [WorkloadEntry]

    /// A catalog of `entries`; two entries with one name are a programmer error.
    public init(_ entries: [WorkloadEntry]) {
        var seen = Set<String>()
        for entry in entries {
            precondition(seen.insert(entry.name).inserted, "workload \(entry.name) is in the catalog twice")
        }
        self.entries = entries
    }

    /// The reference workloads that need nothing beyond this module.
    public static let builtIn = WorkloadCatalog(builtInEntries)

    public static let builtInEntries: [WorkloadEntry] = [
        WorkloadEntry(
            name: PlainFeed.name,
            summary: "one row per frame over a generated feed of styled rows, fixed header and footer"
        ) { try PlainFeed(settings: $0) },
        WorkloadEntry(
            name: RandomEdits.name,
            summary: "seeded random edits, scrolls and style changes (a correctness workload)"
        ) { RandomEdits(settings: $0) },
        WorkloadEntry(
            name: FullChurn.name,
            summary: "every cell changes every frame: the worst case"
        ) { FullChurn(settings: $0) },
        WorkloadEntry(
            name: HostileFeed.name,
            summary: "escape sequences, controls, invalid UTF-8, bidi overrides, ZWJ chains and zalgo as feed content"
        ) { HostileFeed(settings: $0) },
    ]

    /// This catalog with `more` after its own entries.
    public func adding(_ more: [WorkloadEntry]) -> WorkloadCatalog { WorkloadCatalog(entries + more) }

    public var names: [String] { entries.map(\.name) }

    /// The entry called `name`.
    /// - Throws: `UnknownWorkloadError` listing the known names.
    public func entry(_ name: String) throws -> WorkloadEntry {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw UnknownWorkloadError(name: name, known: names)
        }
        return entry
    }

    /// A new workload called `name` with `settings`.
    /// - Throws: `UnknownWorkloadError`, or the workload's own error when its
    ///   settings cannot be honoured (a feed file that cannot be read, an unknown script).
    public func make(_ name: String, settings: WorkloadSettings) throws -> Workload {
        try entry(name).make(settings)
    }

    /// Checks that workload `name` has a script called `script`.
    /// - Throws: `UnknownWorkloadError`, or `WorkloadError` naming the known scripts.
    public func checkScript(_ script: String, for name: String) throws {
        let entry = try entry(name)
        guard entry.scripts.contains(script) else {
            throw WorkloadError("--script '\(script)' is unknown for \(name) (known: \(entry.scripts.joined(separator: ", ")))")
        }
    }
}
