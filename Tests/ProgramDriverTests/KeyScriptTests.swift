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
