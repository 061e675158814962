import Foundation
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// Each default `--help` shows is the one the command uses: a scenario's
/// settings parsed with no options, for every command that draws frames,
/// against the text of each option's declaration for that command.
final class DeclaredDefaultsTests: XCTestCase {
    private static let drawingCommands = CommandName.runners + [.live]

    /// The declared default of option `name` as `command`'s help prints it.
    private func declared(_ name: String, for command: CommandName) throws -> String {
        let declaration = try XCTUnwrap(
            OptionDeclaration.taken(by: command).first { $0.name == name }, "\(command.rawValue) takes --\(name)")
        return try XCTUnwrap(declaration.defaultText(for: command), "--\(name) of \(command.rawValue) declares a default")
    }

    private func settingsWithNoOptions(for command: CommandName) throws -> RunSettings {
        try RunSettingsParser.settings(forScenario: "plain-feed", ParsedArguments(["plain-feed"], command: command))
    }

    func testEveryCommandDrawsTheFramesItsHelpDeclares() throws {
        for command in Self.drawingCommands {
            let settings = try settingsWithNoOptions(for: command)
            XCTAssertEqual("\(settings.frames)", try declared("frames", for: command), command.rawValue)
            XCTAssertEqual(settings.warmUpFrames, RunDefaults.warmUpFrames(forFrames: settings.frames), command.rawValue)
        }
    }

    func testProfileAndRecordDrawFewerFramesThanRunAndSayHowMany() throws {
        // The two commands whose help once said 2000 while they drew 200.
        XCTAssertEqual(try settingsWithNoOptions(for: .profile).frames, RunDefaults.profileFrames)
        XCTAssertEqual(try settingsWithNoOptions(for: .record).frames, RunDefaults.recordFrames)
        XCTAssertTrue(HelpText.command(.profile).contains("--frames N") && HelpText.command(.profile).contains("(default: \(RunDefaults.profileFrames))"),
            HelpText.command(.profile))
        // --frames given wins over the command's own default.
        let given = try RunSettingsParser.settings(
            forScenario: "plain-feed", ParsedArguments(["plain-feed", "--frames", "50"], command: .profile))
        XCTAssertEqual(given.frames, 50)
        XCTAssertEqual(given.warmUpFrames, RunDefaults.warmUpFrames(forFrames: 50))
    }

    func testSizeSeedFeedRepeatAndBackendAreTheDeclaredDefaults() throws {
        for command in Self.drawingCommands {
            let settings = try settingsWithNoOptions(for: command)
            let taken = Set(OptionDeclaration.taken(by: command).map(\.name))
            if taken.contains("size") { XCTAssertEqual("\(settings.size)", try declared("size", for: command), command.rawValue) }
            XCTAssertEqual("\(settings.workloadSettings.seed)", try declared("seed", for: command), command.rawValue)
            XCTAssertEqual("\(settings.workloadSettings.feedItems)", try declared("feed", for: command), command.rawValue)
            if taken.contains("repeat") { XCTAssertEqual("\(settings.repeats)", try declared("repeat", for: command), command.rawValue) }
            if taken.contains("backend") {
                XCTAssertEqual(settings.backend.rawValue, try declared("backend", for: command), command.rawValue)
            }
        }
    }

    func testReportsEncodeForTheDeclaredTerminalWhateverTERMSaysAndLiveForItsOwn() throws {
        let saved = getenv("TERM").map { String(cString: $0) }
        defer {
            if let saved { setenv("TERM", saved, 1) } else { unsetenv("TERM") }
        }
        for environment in [nil, "vt100", "dumb"] as [String?] {
            if let environment { setenv("TERM", environment, 1) } else { unsetenv("TERM") }
            for command in CommandName.runners {
                XCTAssertEqual(try declared("term", for: command), RunDefaults.term, command.rawValue)
                XCTAssertEqual(try settingsWithNoOptions(for: command).term, RunDefaults.term, "\(command.rawValue), TERM=\(environment ?? "unset")")
            }
        }
        // live draws on this terminal: $TERM first, then the fallback its help names after "else".
        let text = try declared("term", for: .live)
        let fallback = try XCTUnwrap(text.components(separatedBy: "else ").last, text)
        unsetenv("TERM")
        XCTAssertEqual(try settingsWithNoOptions(for: .live).term, fallback)
        setenv("TERM", "vt100", 1)
        XCTAssertEqual(try settingsWithNoOptions(for: .live).term, "vt100", "$TERM comes first for live, as its help says")
        XCTAssertEqual(
            try RunSettingsParser.settings(forScenario: "plain-feed", ParsedArguments(["plain-feed", "--term", "vt100"], command: .run)).term,
            "vt100", "--term still chooses")
    }
}
