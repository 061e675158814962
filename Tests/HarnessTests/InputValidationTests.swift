import Foundation
import XCTest

@testable import Harness
@testable import FrameBenchCLI

/// Values read from files and flags: clear errors naming what is wrong.
final class InputValidationTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Benchmarks", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func inFolder<T>(_ body: () throws -> T) rethrows -> T {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body()
    }

    func testListSucceedsWithAValidSuitesFileOrNone() throws {
        XCTAssertEqual(inFolder { FrameBenchCommand.main(["list"]) }, 0, "no suites file: only scenarios to list")
        let suites = "{\"suites\": {\"default\": [{\"name\": \"a\", \"scenario\": \"plain-feed\", \"frames\": 5}]}}"
        try suites.write(toFile: folder + "/Benchmarks/suites.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(inFolder { FrameBenchCommand.main(["list"]) }, 0)
    }

    func testListFailsOnABrokenSuitesFile() throws {
        try "{\"suites\": {".write(toFile: folder + "/Benchmarks/suites.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(inFolder { FrameBenchCommand.main(["list"]) }, 2)
    }

    func testAnOutOfRangeNumberIsNamedNotCalledInvalidJSON() throws {
        let path = folder + "/Benchmarks/suites.json"
        let cases = [
            ("\"frames\": 99999999999999999999", "99999999999999999999"), ("\"frames\": 1.5", "1.5"),
            ("\"frames\": 1e400", "1e400"),
        ]
        for (field, number) in cases {
            let text = "{\"frame_budget_ns\": 16666666.5,\n \"suites\": {\"default\": [{\"name\": \"a\", \"scenario\": \"plain-feed\", \(field)}]}}"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try SuiteFile.load(path), field) { error in
                XCTAssertTrue(error is UsageError, field)
                XCTAssertFalse("\(error)".contains("not valid JSON"), "\(field): \(error)")
                XCTAssertTrue("\(error)".contains(number), "\(field): \(error)")
                XCTAssertTrue("\(error)".contains("suites.default[0]."), "\(field): the key path: \(error)")
            }
        }
        // A whole number out of a setting's range is refused by the check the command line's go through.
        let text = "{\"suites\": {\"default\": [{\"name\": \"a\", \"scenario\": \"plain-feed\", \"seed\": -1}]}}"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SuiteFile.load(path)) { error in
            XCTAssertEqual(
                "\(error)", "\(path): benchmark 'a': seed must be a whole number from 0 to \(Int.max), not '-1'")
        }
    }

    func testOverheadFramesSetsHowManyFramesAreMeasured() {
        XCTAssertTrue(ProbeOverhead.blocks(forFrames: 2_000) == (40, 50), "the default stays 40 blocks of 50")
        XCTAssertTrue(ProbeOverhead.blocks(forFrames: 100) == (40, 2))
        XCTAssertTrue(ProbeOverhead.blocks(forFrames: 1) == (2, 1))
        XCTAssertEqual(FrameBenchCommand.main(["overhead", "plain-feed", "--frames", "4", "--size", "20x5", "--term", "xterm"]), 0)
    }

    func testFileSystemErrorsSayWhatWentWrongInWords() throws {
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        XCTAssertThrowsError(try AtomicFile.makeFolders(folder + "/file/sub/dir")) { error in
            XCTAssertFalse("\(error)".contains("NSCocoaErrorDomain"), "\(error)")
            XCTAssertTrue("\(error)".contains("not a directory"), "\(error)")
        }
        XCTAssertThrowsError(try AtomicFile.write(Array("x".utf8), to: folder + "/missing/out.json", replacing: false)) { error in
            XCTAssertFalse("\(error)".contains("NSCocoaErrorDomain"), "\(error)")
            XCTAssertTrue("\(error)".contains("No such file or directory"), "\(error)")
        }
        XCTAssertEqual(
            FrameBenchCommand.main(["record", "plain-feed", "--frames", "2", "--size", "20x5", "--out", folder + "/file/sub"]), 2)
    }

    func testABaselineNameEndingInJSONIsRefusedAndNothingIsWrittenOutsideResults() throws {
        let store = BaselineStore(directory: folder + "/Results")
        XCTAssertThrowsError(try store.checkSave(name: "mine.json", force: false)) { error in
            XCTAssertTrue("\(error)".contains("should not end in .json"), "\(error)")
        }
        XCTAssertEqual(inFolder { FrameBenchCommand.main(["baseline", "save", "--name", "mine.json", "--from", "/no/such.json"]) }, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/mine.json"))
        XCTAssertEqual(try store.savePath(for: "mine"), folder + "/Results/mine.json")
    }
}
