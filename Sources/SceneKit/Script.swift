import FrameGrid
import Foundation
import Workloads

/// One part of a script, lasting a known number of frames.
public enum ScriptStep: Equatable, Sendable {
    /// Nothing happens (animations play out).
    case idle(frames: Int)
    /// Scroll `rows` every frame for `frames` frames (negative: up).
    case steady(rows: Int, frames: Int)
    /// A fling: `velocity` rows in the first frame, each next frame's velocity
    /// `decay` times the last, until it falls below half a row a frame.
    /// Fractions carry over, so the distance is the geometric sum, rounded.
    case fling(velocity: Double, decay: Double)
    /// `times` page moves of `pages` viewports each, one every `every` frames.
    case page(pages: Int, times: Int, every: Int)
    /// `times` jumps to a random item (seeded), one every `every` frames.
    case jump(times: Int, every: Int)
    /// Scroll `rows` a frame, reversing direction every `every` frames, for `frames` frames.
    case reversals(rows: Int, every: Int, frames: Int)
    /// To the very bottom, then `pulls` more downward scrolls of `rows`, one every `every` frames.
    case overscroll(pulls: Int, rows: Int, every: Int)
    /// Select tab or filter `index`, then let it settle for `hold` frames.
    case select(index: Int, hold: Int)
    /// Scroll the top carousel `columns` a frame for `frames` frames.
    case carousel(columns: Int, frames: Int)
    /// Resize the terminal to the run's size times `scale` (at least 1x1),
    /// then hold `hold` frames. A scale of 1 is back to the run's size.
    case resize(scale: Double, hold: Int)
    /// Back to the top, then hold `hold` frames.
    case top(hold: Int)
    /// The primary action, then `hold` frames.
    case action(hold: Int)

    /// How many frames the step lasts.
    public var frames: Int {
        switch self {
        case .idle(let frames), .steady(_, let frames), .reversals(_, _, let frames), .carousel(_, let frames):
            return max(1, frames)
        case .fling(let velocity, let decay):
            return ScriptStep.flingVelocities(velocity, decay).count
        case .page(_, let times, let every), .jump(let times, let every):
            return max(1, times * max(1, every))
        case .overscroll(let pulls, _, let every):
            return 1 + max(0, pulls) * max(1, every)
        case .select(_, let hold), .action(let hold), .resize(_, let hold), .top(let hold):
            return 1 + max(0, hold)
        }
    }

    /// Rows scrolled per frame by a fling, fractions carried over.
    static func flingVelocities(_ velocity: Double, _ decay: Double) -> [Int] {
        let decay = min(max(decay, 0), 0.99)
        var rows: [Int] = []
        var speed = velocity
        var travelled = 0.0
        var emitted = 0
        while abs(speed) >= 0.5 && rows.count < 10_000 {
            travelled += speed
            let whole = Int(travelled.rounded())
            rows.append(whole - emitted)
            emitted = whole
            speed *= decay
        }
        return rows.isEmpty ? [0] : rows
    }
}

/// A named, deterministic sequence of inputs, frame by frame: an intro
/// played once, then a loop repeated for as long as the run lasts. Random
/// choices (jump targets) come from the run's seed and the frame number, so
/// frame n gets the same inputs on every machine and in every backend.
public struct Script: Sendable, Equatable {
    public let name: String
    public let summary: String
    public let intro: [ScriptStep]
    public let loop: [ScriptStep]

    public init(_ name: String, _ summary: String, intro: [ScriptStep] = [], loop: [ScriptStep]) {
        precondition(!loop.isEmpty, "a script needs a loop")
        self.name = name
        self.summary = summary
        self.intro = intro
        self.loop = loop
    }

    /// Frames in the intro and in one pass of the loop.
    public var introFrames: Int { intro.reduce(0) { $0 + $1.frames } }
    public var loopFrames: Int { loop.reduce(0) { $0 + $1.frames } }
}

/// A script laid out frame by frame for one run: the inputs of frame n.
public struct ScriptTimeline: Sendable {
    public let script: Script
    private let seed: UInt64
    private let introInputs: [[SceneInput]]
    private let loopInputs: [[SceneInput]]

    /// - Parameters:
    ///   - size: the run's terminal size (resize steps are relative to it).
    public init(_ script: Script, seed: UInt64, size: Size) {
        self.script = script
        self.seed = seed
        introInputs = ScriptTimeline.expand(script.intro, size: size)
        loopInputs = ScriptTimeline.expand(script.loop, size: size)
    }

    /// Frames of the intro plus one pass of the loop: every kind of input the script gives.
    public var cycleLength: Int { introInputs.count + loopInputs.count }

    /// The inputs of frame `index` (jump targets drawn from the seed and the frame).
    public func inputs(at index: Int) -> [SceneInput] {
        let raw: [SceneInput]
        if index < introInputs.count {
            raw = introInputs[index]
        } else {
            raw = loopInputs.isEmpty ? [] : loopInputs[(index - introInputs.count) % loopInputs.count]
        }
        guard raw.contains(where: { if case .jump = $0 { return true } else { return false } }) else { return raw }
        return raw.map { input in
            guard case .jump = input else { return input }
            var random = SeededRandom(seed: seed ^ 0x5C21_7A11, index: index)
            return .jump(Double(random.next() >> 11) / Double(1 << 53))
        }
    }

    private static func expand(_ steps: [ScriptStep], size: Size) -> [[SceneInput]] {
        var frames: [[SceneInput]] = []
        for step in steps {
            let start = frames.count
            frames.append(contentsOf: repeatElement([], count: step.frames))
            func put(_ offset: Int, _ input: SceneInput) { frames[start + offset].append(input) }
            switch step {
            case .idle:
                break
            case .steady(let rows, let count):
                for frame in 0..<max(1, count) { put(frame, .scroll(rows)) }
            case .fling(let velocity, let decay):
                for (frame, rows) in ScriptStep.flingVelocities(velocity, decay).enumerated() where rows != 0 {
                    put(frame, .scroll(rows))
                }
            case .page(let pages, let times, let every):
                for time in 0..<max(0, times) { put(time * max(1, every), .page(pages)) }
            case .jump(let times, let every):
                for time in 0..<max(0, times) { put(time * max(1, every), .jump(0)) }
            case .reversals(let rows, let every, let count):
                for frame in 0..<max(1, count) {
                    put(frame, .scroll((frame / max(1, every)) % 2 == 0 ? rows : -rows))
                }
            case .overscroll(let pulls, let rows, let every):
                put(0, .bottom)
                for pull in 0..<max(0, pulls) { put(1 + pull * max(1, every), .scroll(rows)) }
            case .select(let index, _):
                put(0, .selectTab(index))
            case .carousel(let columns, let count):
                for frame in 0..<max(1, count) { put(frame, .carousel(columns)) }
            case .resize(let scale, _):
                let cols = max(1, Int((Double(size.cols) * scale).rounded()))
                let rows = max(1, Int((Double(size.rows) * scale).rounded()))
                put(0, .resize(Size(cols: cols, rows: rows)))
            case .top:
                put(0, .top)
            case .action:
                put(0, .action)
            }
        }
        return frames
    }
}

/// Scripts every scrolling scene can use, by name.
public enum CommonScripts {
    public static let steady = Script(
        "steady", "one row a frame, down", loop: [.steady(rows: 1, frames: 600)])
    public static let fling = Script(
        "fling", "flings down and up with velocity decay",
        loop: [
            .fling(velocity: 14, decay: 0.93), .idle(frames: 10), .fling(velocity: -9, decay: 0.9),
            .idle(frames: 10),
        ])
    public static let page = Script(
        "page", "page down five times, then up five times",
        loop: [.page(pages: 1, times: 5, every: 8), .page(pages: -1, times: 5, every: 8)])
    public static let jump = Script(
        "jump", "jump to a random item every 10 frames", loop: [.jump(times: 10, every: 10)])
    public static let reversals = Script(
        "reversals", "two rows a frame, reversing every 15 frames", loop: [.reversals(rows: 2, every: 15, frames: 120)])
    public static let overscroll = Script(
        "overscroll", "to the bottom, then pull further down three times, then back up",
        loop: [.overscroll(pulls: 3, rows: 2, every: 20), .steady(rows: -1, frames: 30), .top(hold: 10)])
    public static let resize = Script(
        "resize", "scroll while the terminal shrinks by a quarter, then grows back",
        loop: [
            .steady(rows: 1, frames: 40), .resize(scale: 0.75, hold: 0), .steady(rows: 1, frames: 40),
            .resize(scale: 1, hold: 0),
        ])

    /// The scripts of a scene that only scrolls.
    public static let scrolling = [steady, fling, page, jump, reversals, overscroll, resize]
}
