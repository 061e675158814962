import Foundation
import XCTest

@testable import Harness

/// A suite's `term` is checked against the terminfo database when the file
/// is read: a typo is refused there, naming the file, the benchmark and the
/// closest terminal the database has, as a misspelt key or scene is.
final class SuiteTermTests: XCTestCase {
    /// What loading a suites file of one scene entry with `term` says.
    private func load(term: String) throws -> String {
        let folder = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("suites.json").path
        try #"{"suites": {"s": [{"name": "feed", "scenario": "plain-feed", "size": "40x10", "frames": 30, "term": "\#(term)"}]}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try SuiteFile.load(path)
            return "loaded"
        } catch {
            return "\(error)".replacingOccurrences(of: path, with: "FILE")
        }
    }

    func testAMisspeltTermIsRefusedWithTheClosestTerminal() throws {
        try XCTSkipUnless(TerminfoNames.all().contains("xterm-256color"), "no xterm-256color in this machine's terminfo")
        XCTAssertEqual(
            try load(term: "xterm-256colr"),
            "FILE: suite 's', benchmark 'feed': term 'xterm-256colr' is not a terminal this machine's terminfo database has "
                + "(did you mean 'xterm-256color'?)")
        XCTAssertEqual(try load(term: "xterm-256color"), "loaded")
    }

    func testATermFarFromEveryNameGetsNoGuess() throws {
        try XCTSkipUnless(TerminfoNames.all().contains("xterm-256color"), "no xterm-256color in this machine's terminfo")
        XCTAssertEqual(
            try load(term: "qqqq-nothing-like-it"),
            "FILE: suite 's', benchmark 'feed': term 'qqqq-nothing-like-it' is not a terminal this machine's terminfo database has")
    }

    func testTheNamesAreTheEntriesOfEveryFolderNcursesSearches() throws {
        let folder = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let own = folder.appendingPathComponent("terminfo")
        let listed = folder.appendingPathComponent("listed")
        for (base, initial, name) in [(own, "f", "framebench-own"), (listed, "66", "framebench-listed")] {
            try FileManager.default.createDirectory(at: base.appendingPathComponent(initial), withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: base.appendingPathComponent(initial).appendingPathComponent(name).path, contents: Data())
        }
        let environment = ["TERMINFO": own.path, "TERMINFO_DIRS": "/nonexistent:" + listed.path, "HOME": folder.path]
        XCTAssertEqual(Array(TerminfoNames.folders(environment).prefix(4)), [own.path, folder.path + "/.terminfo", "/nonexistent", listed.path])
        let names = TerminfoNames.all(environment: environment)
        XCTAssertTrue(names.contains("framebench-own") && names.contains("framebench-listed"))
        XCTAssertEqual(names, names.sorted())
        XCTAssertEqual(names.count, Set(names).count, "each name once")
    }
}
