import Foundation
import ProgramDriver

/// What a shootout runs: the peers of `Benchmarks/Peers/peers.json` (one
/// app per framework, all showing the same list), the key scripts of
/// `Benchmarks/Peers/scripts/NAME.keys`, the terminal size, the item count
/// and the rounds. Every peer runs every script once per round, in an order
/// rotated each round, so slow drift of a shared machine falls on all peers.
public struct ShootoutPlan: Sendable {
    /// One framework's app, as `peers.json` declares it.
    public struct Peer: Codable, Sendable, Equatable {
        public var name: String
        public var language: String
        /// The command; `{root}`, `{items}` and `{jump}` are filled in.
        public var command: [String]
        /// A command that prints the framework's version.
        public var version: [String]
        /// How long the app may keep drawing after its first frame before the
        /// script starts (Textual draws for a while after it), ms.
        public var settleMilliseconds: Int

        enum CodingKeys: String, CodingKey {
            case name, language, command, version
            case settleMilliseconds = "settle_ms"
        }

        public init(
            name: String, language: String, command: [String], version: [String], settleMilliseconds: Int
        ) {
            self.name = name
            self.language = language
            self.command = command
            self.version = version
            self.settleMilliseconds = settleMilliseconds
        }
    }

    /// One key script, by name.
    public struct Script: Sendable, Equatable {
        public var name: String
        public var keys: KeyScript
        public init(name: String, keys: KeyScript) {
            self.name = name
            self.keys = keys
        }
    }

    public var peers: [Peer]
    /// The peer every other one's list rows are checked against.
    public var reference: String
    public var scripts: [Script]
    public var cols = 120
    public var rows = 40
    public var items = 1_000_000
    public var rounds = 3
    /// Quiet that ends a frame (only the framebench peer marks its frames, DEC 2026), ms.
    /// Longer than `program`'s 30 ms default: on a busy machine a Python
    /// peer can stall that long mid-frame, and the cut frame's screen is
    /// then half drawn (the same-screen check reports it).
    public var gapMilliseconds = 50

    public init(peers: [Peer], reference: String, scripts: [Script]) {
        self.peers = peers
        self.reference = reference
        self.scripts = scripts
    }

    /// Checks that every resize of every script changes the size (a resize
    /// to the size the terminal already has draws nothing, and the run would
    /// wait for a frame that never comes).
    public func checkResizes() throws(ShootoutPlanError) {
        for script in scripts {
            var size = (cols, rows)
            for step in script.keys.steps {
                guard case .resize(let newCols, let newRows) = step else { continue }
                if (newCols, newRows) == size {
                    throw ShootoutPlanError(
                        "script '\(script.name)' resizes to \(newCols)x\(newRows), the size the terminal has then: choose another --size"
                    )
                }
                size = (newCols, newRows)
            }
        }
    }

    /// The item the jump key (`n`) goes to.
    public var jump: Int { Swift.max(1, items / 2) }

    /// `peer`'s command with its placeholders filled in.
    public func command(of peer: Peer, root: String) -> [String] {
        peer.command.map { fill($0, root: root) }
    }

    public func versionCommand(of peer: Peer, root: String) -> [String] {
        peer.version.map { fill($0, root: root) }
    }

    private func fill(_ word: String, root: String) -> String {
        word.replacingOccurrences(of: "{root}", with: root)
            .replacingOccurrences(of: "{items}", with: "\(items)")
            .replacingOccurrences(of: "{jump}", with: "\(jump)")
    }

    /// The runs of round `round`, in order: scripts in turn, the peers
    /// rotated by the round (round 0 starts with the first peer, round 1 with
    /// the second...) so no peer always runs first or last.
    public func order(round: Int) -> [(peer: Peer, script: Script)] {
        var runs: [(Peer, Script)] = []
        for (index, script) in scripts.enumerated() {
            let shift = (round + index) % Swift.max(1, peers.count)
            for peer in peers[shift...] + peers[..<shift] { runs.append((peer, script)) }
        }
        return runs
    }
}

/// A shootout plan that cannot be used: the file and what is wrong.
public struct ShootoutPlanError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension ShootoutPlan {
    /// The peers file's shape.
    private struct PeersFile: Codable {
        var reference: String
        var scripts: [String]
        var peers: [Peer]
    }

    /// Reads `peersFile` and the scripts it names from `scriptsFolder`,
    /// keeping only the peers and scripts named in `onlyPeers`/`onlyScripts`
    /// when given (the reference is always kept: the check needs it).
    public static func load(
        peersFile: String, scriptsFolder: String, onlyPeers: [String]? = nil,
        onlyScripts: [String]? = nil
    ) throws(ShootoutPlanError) -> ShootoutPlan {
        let file: PeersFile
        do {
            file = try JSONDecoder().decode(
                PeersFile.self, from: Data(contentsOf: URL(fileURLWithPath: peersFile)))
        } catch {
            throw ShootoutPlanError("\(peersFile): cannot read the peers (\(error))")
        }
        let names = file.peers.map(\.name)
        guard Set(names).count == names.count else {
            throw ShootoutPlanError("\(peersFile): two peers have the same name")
        }
        guard names.contains(file.reference) else {
            throw ShootoutPlanError(
                "\(peersFile): the reference '\(file.reference)' is not one of the peers (\(names.joined(separator: ", ")))"
            )
        }
        for peer in file.peers
        where peer.command.isEmpty || peer.version.isEmpty || peer.settleMilliseconds < 0 {
            throw ShootoutPlanError(
                "\(peersFile): peer '\(peer.name)' needs a command, a version command and settle_ms >= 0")
        }
        var peers = file.peers
        if let only = onlyPeers {
            for name in only where !names.contains(name) {
                throw ShootoutPlanError(
                    "no peer '\(name)' in \(peersFile) (there are \(names.joined(separator: ", ")))")
            }
            peers = peers.filter { only.contains($0.name) || $0.name == file.reference }
        }
        var scriptNames = file.scripts
        if let only = onlyScripts {
            for name in only where !scriptNames.contains(name) {
                throw ShootoutPlanError(
                    "no script '\(name)' in \(peersFile) (there are \(scriptNames.joined(separator: ", ")))")
            }
            scriptNames = scriptNames.filter { only.contains($0) }
        }
        var scripts: [Script] = []
        for name in scriptNames {
            let path = (scriptsFolder as NSString).appendingPathComponent("\(name).keys")
            let text: String
            do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ShootoutPlanError("\(path): cannot read the script '\(name)'")
            }
            do { scripts.append(Script(name: name, keys: try KeyScript(parsing: text))) } catch {
                throw ShootoutPlanError("\(path): \(error)")
            }
        }
        return ShootoutPlan(peers: peers, reference: file.reference, scripts: scripts)
    }
}
