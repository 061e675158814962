import Foundation
import XCTest
@testable import Harness

@testable import Workloads
@testable import FrameBenchCLI

/// "Did you mean": a typo of a command, an option or a scenario gets the
/// closest known name; a word that is not close to any gets none.
final class SuggestionTests: XCTestCase {
    func testATypoGetsTheClosestNameAndAStrangerGetsNone() {
        XCTAssertEqual(Suggestion.closest(to: "rnu", in: ["list", "run", "record"]), "run")  // a transposition
        XCTAssertEqual(Suggestion.closest(to: "plain-fed", in: ["plain-feed", "profile-feed"]), "plain-feed")
        XCTAssertEqual(Suggestion.closest(to: "WATCHA-HOME", in: ["watcha-home"]), "watcha-home")
        XCTAssertNil(Suggestion.closest(to: "zzz", in: ["run", "list"]))
        XCTAssertNil(Suggestion.closest(to: "", in: ["run"]))
        XCTAssertEqual(Suggestion.editDistance(Array("kitten"), Array("sitting")), 3)
    }

    func testTheMessagesOfUnknownCommandsOptionsAndScenariosSuggest() {
        XCTAssertEqual(
            UnknownWorkloadError(name: "plain-fed", known: ["plain-feed", "random-edits"]).description,
            "unknown scenario 'plain-fed' (did you mean 'plain-feed'?) (known: plain-feed, random-edits)")
        XCTAssertThrowsError(try ParsedArguments(["--frmaes", "3"], command: .run)) { error in
            XCTAssertTrue("\(error)".contains("unknown option --frmaes for run (did you mean --frames?)"), "\(error)")
        }
        XCTAssertEqual(FrameBenchCommand.main(["rnu"]), 2)
    }

    func testASuiteEntrysMisspeltKeyScriptBackendOrSuiteGetsTheClosestName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-suggest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("suites.json").path
        func error(_ entry: String) throws -> String {
            try Data(#"{"suites": {"default": [{"name": "ok", "scenario": "plain-feed"}, \#(entry)]}}"#.utf8).write(to: URL(fileURLWithPath: path))
            do {
                _ = try SuiteFile.load(path, catalog: WorkloadFactory.catalog)
                return "loaded"
            } catch {
                return "\(error)"
            }
        }
        for (entry, expected) in [
            (#"{"name": "a", "scenario": "plain-fed"}"#, "unknown scenario 'plain-fed' (did you mean 'plain-feed'?)"),
            (#"{"name": "a", "scenario": "plain-feed", "script": "defualt"}"#, "script 'defualt' is unknown for plain-feed (did you mean 'default'?)"),
            (#"{"name": "a", "scenario": "plain-feed", "backend": "ncurse"}"#, "not 'ncurse' (did you mean 'ncurses'?)"),
            (#"{"name": "a", "scenario": "plain-feed", "sise": "80x24"}"#, "unknown key 'sise' (did you mean 'size'?)"),
        ] {
            let message = try error(entry)
            XCTAssertTrue(message.contains(expected) && message.contains("benchmark 'a'"), message)
        }
        XCTAssertNil(Suggestion.closest(to: "t", in: ["s"]), "replacing the whole name is not a typo")
        XCTAssertEqual(Suggestion.closest(to: "sv", in: ["csv"]), "csv")
        XCTAssertEqual(try error(#"{"name": "a", "scenario": "plain-feed"}"#), "loaded")
        let file = try SuiteFile.load(path, catalog: WorkloadFactory.catalog)
        XCTAssertThrowsError(try file.entries(of: "defualt", path: path, root: "")) { error in
            XCTAssertTrue("\(error)".contains("has no suite 'defualt' (did you mean 'default'?)"), "\(error)")
        }
    }
}
