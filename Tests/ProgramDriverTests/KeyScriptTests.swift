import XCTest

@testable import ProgramDriver

final class KeyScriptTests: XCTestCase {
    func testKeysRepeatsIntervalsWaitsAndResizesParseIntoSteps() throws {
        let script = try KeyScript(
            parsing: """
                # scroll down, then page
                j x200 every 16ms
                PageDown x10; wait 500ms
                resize 80x24
                "hello world"; Ctrl-c
                """)
        XCTAssertEqual(
            script.steps,
            [
                .key(.character("j", modifiers: []), count: 200, interval: .milliseconds(16)),
                .key(.named(.pageDown, modifiers: []), count: 10, interval: nil),
                .wait(.milliseconds(500)),
                .resize(cols: 80, rows: 24),
                .key(.text("hello world"), count: 1, interval: nil),
                .key(.character("c", modifiers: .control), count: 1, interval: nil),
            ])
        XCTAssertEqual(script.inputCount, 200 + 10 + 1 + 1 + 1)
        XCTAssertEqual(
            script.oneLine, "j x200 every 16ms; PageDown x10; wait 500ms; resize 80x24; \"hello world\"; Ctrl-c")
        XCTAssertEqual(
            try KeyScript(parsing: script.oneLine).steps, script.steps, "the one-line form reads back the same")
    }

    func testNamedKeysAreCaseInsensitiveAndHaveAliases() throws {
        let script = try KeyScript(parsing: "enter; ESC; pgdn; F12; Space; Alt-Up")
        XCTAssertEqual(
            script.steps.map { step -> KeyScript.Key? in
                if case .key(let key, _, _) = step { return key }
                return nil
            },
            [
                .named(.enter, modifiers: []), .named(.escape, modifiers: []), .named(.pageDown, modifiers: []),
                .named(.f12, modifiers: []), .named(.space, modifiers: []), .named(.up, modifiers: .alt),
            ])
    }

    func testErrorsNameTheLineAndTheToken() {
        XCTAssertThrowsError(try KeyScript(parsing: "j\nPageSideways")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("key script line 2: unknown key 'PageSideways'"), message)
        }
        XCTAssertThrowsError(try KeyScript(parsing: "j x0")) { XCTAssertEqual(($0 as? KeyScriptError)?.line, 1) }
        XCTAssertThrowsError(try KeyScript(parsing: "j every fast")) { error in
            XCTAssertEqual("\(error)", "key script line 1: 'every' takes a duration such as 16ms")
        }
        XCTAssertThrowsError(try KeyScript(parsing: "resize 80by24"))
        XCTAssertThrowsError(try KeyScript(parsing: "resize 0x24"))
        XCTAssertThrowsError(try KeyScript(parsing: "wait 5"))
        XCTAssertThrowsError(try KeyScript(parsing: "j x2 sometimes"))
    }

    func testQuotedSemicolonsAndHashesStayInTheString() throws {
        let script = try KeyScript(parsing: "\"a;b\"")
        XCTAssertEqual(script.steps, [.key(.text("a;b"), count: 1, interval: nil)])
        let hashed = try KeyScript(parsing: "\"a#b\" # a comment \"c\"\nj # \"x")
        XCTAssertEqual(
            hashed.steps,
            [.key(.text("a#b"), count: 1, interval: nil), .key(.character("j", modifiers: []), count: 1, interval: nil)])
        XCTAssertEqual(hashed.info.map(\.line), [1, 2])
    }

    func testEmptyStringsAndUnclosedQuotesAreErrorsNamingTheLine() {
        XCTAssertThrowsError(try KeyScript(parsing: "j\n\"\"")) { error in
            XCTAssertEqual("\(error)", "key script line 2: an empty string \"\" types nothing")
        }
        XCTAssertThrowsError(try KeyScript(parsing: "j\nk\n\"abc")) { error in
            XCTAssertEqual("\(error)", "key script line 3: a quote is not closed")
        }
    }

    func testEveryNumberIsRangeCheckedBeforeAnythingRuns() {
        let cases: [(String, String)] = [
            ("wait 99999999999s", "key script line 1: 'wait 99999999999s': durations are at most 3600s"),
            ("j every 99999999999s", "key script line 1: 'every 99999999999s': durations are at most 3600s"),
            ("wait 3601s", "key script line 1: 'wait 3601s': durations are at most 3600s"),
            ("j x9223372036854775807", "key script line 1: repeat count 'x9223372036854775807' must be x1...x1000000"),
            ("j x99999999999999999999999", "key script line 1: repeat count 'x99999999999999999999999' must be x1...x1000000"),
            (
                "j x1000000\n" + String(repeating: "k x1000000\n", count: 10),
                "key script line 11: the script sends more than 10000000 inputs"
            ),
            ("wait -5ms", "key script line 1: 'wait' takes a duration such as 500ms"),
            ("wait 5ms noframe", "key script line 1: 'noframe' is for keys and resizes, not 'wait'"),
        ]
        for (source, message) in cases {
            XCTAssertThrowsError(try KeyScript(parsing: source), source) { XCTAssertEqual("\($0)", message) }
        }
        XCTAssertEqual(try KeyScript(parsing: "wait 3600s").steps, [.wait(.seconds(3600))])
        XCTAssertEqual(try KeyScript(parsing: "j x1000000").inputCount, 1_000_000)
    }

    func testNoframeMarksAStepThatExpectsNoFrameAndReadsBack() throws {
        let script = try KeyScript(parsing: "j x3\nEnd noframe; resize 80x24 noframe")
        XCTAssertEqual(script.info.map(\.expectsFrame), [true, false, false])
        XCTAssertEqual(script.info.map(\.line), [1, 2, 2])
        XCTAssertEqual(script.oneLine, "j x3; End noframe; resize 80x24 noframe")
        XCTAssertEqual(try KeyScript(parsing: script.oneLine).info.map(\.expectsFrame), [true, false, false])
        XCTAssertEqual(script.text(ofStep: 1), "End noframe")
    }

    func testTheEmulatorEncodesCursorKeysForTheProgramsMode() {
        let screen = TerminalScreen(cols: 10, rows: 2)
        XCTAssertEqual(screen.encode(.named(.up, modifiers: [])), Array("\u{1B}[A".utf8))
        screen.write(Array("\u{1B}[?1h".utf8))  // DECCKM: application cursor keys (ncurses' keypad mode)
        XCTAssertEqual(screen.encode(.named(.up, modifiers: [])), Array("\u{1B}OA".utf8))
        XCTAssertEqual(screen.encode(.character("c", modifiers: .control)), [0x03])
        XCTAssertEqual(screen.encode(.named(.pageDown, modifiers: [])), Array("\u{1B}[6~".utf8))
        XCTAssertEqual(screen.encode(.named(.space, modifiers: [])), [0x20])
    }
}
