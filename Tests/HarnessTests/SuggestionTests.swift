import XCTest

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
}
