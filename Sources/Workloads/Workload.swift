import Foundation
import FrameGrid

/// Something that draws frame after frame: the stand-in for a scene until
/// the layout engine's scenes exist. Frame `index` is a pure function of the
/// workload's settings and the index, so two backends see the same frames.
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

/// The workloads `framebench` knows by name: the built-in ones and those
/// registered at start-up (the benchmarks declared under `Benchmarks/Scenes`).
public enum WorkloadCatalog {
    public static let builtIn: [WorkloadEntry] = [
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

    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered: [WorkloadEntry] = []

    /// Adds workloads; a name that is already known is an error for the caller to fix.
    public static func register(_ entries: [WorkloadEntry]) {
        lock.lock()
        defer { lock.unlock() }
        for entry in entries {
            precondition(!(builtIn + registered).contains { $0.name == entry.name }, "workload \(entry.name) registered twice")
            registered.append(entry)
        }
    }

    public static var entries: [WorkloadEntry] {
        lock.lock()
        defer { lock.unlock() }
        return builtIn + registered
    }

    public static var names: [String] { entries.map(\.name) }

    /// The workload called `name`, or nil for an unknown name; throws when
    /// its settings cannot be honoured (a feed file that cannot be read).
    public static func make(_ name: String, settings: WorkloadSettings) throws -> Workload? {
        try entries.first { $0.name == name }?.make(settings)
    }
}
