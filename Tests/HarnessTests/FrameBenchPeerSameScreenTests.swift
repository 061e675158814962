import Foundation
import XCTest

@testable import Harness
@testable import ProgramDriver

/// The shootout's FrameBench peer (`framebench-list-peer`, Layout and the
/// diff renderer) run against the reference, ncurses (Benchmarks/Peers/ncurses,
/// compiled here with gcc), on real ptys through the shootout runner: its
/// list rows must be ncurses' after every key of the contract and a resize;
/// the same check must catch it when it jumps elsewhere. Verdicts and counts
/// are asserted, never timings.
final class FrameBenchPeerSameScreenTests: XCTestCase {
    private struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    private var folder: URL!
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("peer-same-screen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("scripts"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// `framebench-list-peer`, which SwiftPM builds beside the test executable.
    private func peer() throws -> String {
        let tests = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let peer = URL(fileURLWithPath: tests).deletingLastPathComponent().appendingPathComponent("framebench-list-peer")
        guard FileManager.default.isExecutableFile(atPath: peer.path) else {
            throw Missing(description: "framebench-list-peer is not built at \(peer.path) (HarnessTests depends on it)")
        }
        return peer.path
    }

    /// The ncurses reference peer, compiled once for the class into its own folder.
    nonisolated(unsafe) private static var compiled: URL?

    override class func tearDown() {
        if let compiled { try? FileManager.default.removeItem(at: compiled.deletingLastPathComponent()) }
        compiled = nil
    }

    private func ncurses() throws -> String {
        if let compiled = Self.compiled { return compiled.path }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ncurses-peer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("ncurses").path
        let source = root.appendingPathComponent("Benchmarks/Peers/ncurses/list.c").path
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/bin/sh")
        build.arguments = ["-c", "gcc -O2 -o \"$1\" \"$2\" $(pkg-config --cflags --libs ncursesw)", "sh", out, source]
        build.standardError = Pipe()
        try build.run()
        build.waitUntilExit()
        guard build.terminationStatus == 0 else {
            throw Missing(description: "cannot compile \(source) (needs Debian gcc, pkg-config and libncurses-dev)")
        }
        Self.compiled = URL(fileURLWithPath: out)
        return out
    }

    /// A plan of ncurses (the reference) and the given FrameBench peers
    /// (name, JUMP argument: nil passes the plan's) over one script, 40x12, 1,000 items.
    private func plan(_ peers: [(String, String?)], keys: String) throws -> ShootoutPlan {
        let reference = try ncurses()
        let ours = try peer()
        let entries =
            ["{\"name\": \"ncurses\", \"language\": \"C\", \"command\": [\"\(reference)\", \"{items}\", \"{jump}\"], \"version\": [\"\(reference)\", \"--version\"], \"settle_ms\": 0}"]
            + peers.map { name, jump in
                "{\"name\": \"\(name)\", \"language\": \"Swift\", \"command\": [\"\(ours)\", \"{items}\", \"\(jump ?? "{jump}")\"], \"version\": [\"\(ours)\", \"--version\"], \"settle_ms\": 0}"
            }
        let file = folder.appendingPathComponent("peers.json")
        try "{\"reference\": \"ncurses\", \"scripts\": [\"keys\"], \"peers\": [\(entries.joined(separator: ","))]}"
            .write(to: file, atomically: true, encoding: .utf8)
        try keys.write(to: folder.appendingPathComponent("scripts/keys.keys"), atomically: true, encoding: .utf8)
        var plan = try ShootoutPlan.load(peersFile: file.path, scriptsFolder: folder.appendingPathComponent("scripts").path)
        (plan.cols, plan.rows, plan.items, plan.rounds, plan.gapMilliseconds) = (40, 12, 1000, 1, 20)
        try plan.checkResizes()
        return plan
    }

    func testTheFrameBenchPeerShowsNcursesListRowsAfterEveryKeyAndResize() throws {
        // Every key of the contract in both spellings, a page clamped at each end, and two resizes.
        // Every key moves something: a key that draws nothing costs the driver's 1 s answer window.
        let keys =
            "j x3; PageUp; n; k; PageDown; PageUp; End; k x2; PageDown; Home; G; g; resize 50x14; PageDown; resize 44x10; G"
        let measurements = try ShootoutRunner(plan: plan([("framebench", nil)], keys: keys), root: folder.path).run()
        XCTAssertEqual(measurements.map(\.peer), ["ncurses", "framebench"])
        XCTAssertEqual(measurements.map(\.outcome), ["completed", "completed"])
        XCTAssertEqual(measurements.map(\.inputs), [19, 19])
        XCTAssertEqual(measurements.map(\.unanswered), [0, 0])
        XCTAssertNil(measurements[1].mismatch)
    }

    func testTheSameScreenCheckCatchesTheFrameBenchPeerJumpingElsewhere() throws {
        // The plan's jump is item 500; this peer is told 400.
        let measurements = try ShootoutRunner(
            plan: plan([("elsewhere", "400")], keys: "j; n; j"), root: folder.path
        ).run()
        XCTAssertEqual(measurements.map(\.outcome), ["completed", "completed"])
        XCTAssertNil(measurements[0].mismatch)
        XCTAssertEqual(
            measurements[1].mismatch?.hasPrefix("after input 2, row 1: expected '    491 delta 안녕하세요 🎉 item 491'"), true,
            measurements[1].mismatch ?? "no mismatch")
    }
}
