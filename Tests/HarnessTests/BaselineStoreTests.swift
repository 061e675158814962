import Foundation
import XCTest

@testable import Harness

final class BaselineStoreTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-results-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try? FileManager.default.removeItem(at: directory)
    }

    private func sample() -> RunDocument {
        RunDocument(
            schemaVersion: RunDocument.schemaVersion, created: "2026-11-29T00:00:00Z", machine: .current(),
            git: GitState(commit: "abc", dirty: false), suite: "default", scenarios: [])
    }

    func testSavesAtomicallyAndNeverOverwritesWithoutForce() throws {
        let store = BaselineStore(directory: directory.path)
        let path = try store.save(sample(), name: "one", force: false)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try store.save(sample(), name: "one", force: false)) { error in
            XCTAssertEqual(error as? UsageError, UsageError("baseline \(path) already exists; pass --force to replace it", reason: .outputExists))
        }
        // The write itself says so by the error's case, not only its words:
        // what `save` recognises when another process took the name mid-run.
        XCTAssertThrowsError(try AtomicFile.write([1], to: path, replacing: false)) { error in
            XCTAssertEqual((error as? UsageError)?.reason, .outputExists, "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        var changed = sample()
        changed.suite = "other"
        try store.save(changed, name: "one", force: true)
        XCTAssertEqual(try store.load("one").suite, "other")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary files left behind")
    }

    func testCorruptTruncatedUnknownVersionAndMissingFilesAreErrorsNamingTheFile() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = BaselineStore(directory: directory.path)
        try store.save(sample(), name: "good", force: false)
        let good = try String(contentsOfFile: store.path(for: "good"), encoding: .utf8)
        let cases: [(String, String, String)] = [
            ("corrupt", "{not json", "not valid JSON"),
            ("truncated", String(good.prefix(good.count / 2)), "corrupt"),
            ("version", good.replacingOccurrences(of: "\"schema_version\":2", with: "\"schema_version\":99"), "schema version 99"),
            ("nothing", "{}", "no schema_version"),
            ("wrongtype", good.replacingOccurrences(of: "\"scenarios\":[", with: "\"scenarios\":{\"x\":["), ""),
        ]
        for (name, contents, expected) in cases {
            try contents.write(toFile: store.path(for: name), atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try store.load(name), name) { error in
                XCTAssertTrue(error is UsageError, name)
                XCTAssertTrue("\(error)".contains(store.path(for: name)), "\(name): \(error)")
                if !expected.isEmpty && expected != "corrupt" {
                    XCTAssertTrue("\(error)".contains(expected), "\(name): \(error)")
                }
            }
        }
        XCTAssertThrowsError(try store.load("absent")) { error in
            XCTAssertTrue("\(error)".contains("no such file"), "\(error)")
        }
        let listed = store.list()
        XCTAssertEqual(listed.first { $0.name == "good" }?.problem, nil)
        XCTAssertNotNil(listed.first { $0.name == "corrupt" }?.problem)
    }

    func testAFailedWriteLeavesTheOldBaselineIntact() throws {
        let store = BaselineStore(directory: directory.path)
        let path = try store.save(sample(), name: "kept", force: false)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        if getuid() == 0 {
            // root ignores directory permissions; the rename-over-a-directory failure stands in.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            let blocker = directory.appendingPathComponent("blocked.json")
            try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: blocker.appendingPathComponent("inside"), withIntermediateDirectories: true)
            XCTAssertThrowsError(try store.save(sample(), name: "blocked", force: true))
        } else {
            XCTAssertThrowsError(try store.save(sample(), name: "kept", force: true))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testNamesThatCouldEscapeTheResultsDirectoryAreRefused() {
        let store = BaselineStore(directory: directory.path)
        for bad in ["", ".hidden", "a b", "x;rm"] {
            XCTAssertThrowsError(try store.save(sample(), name: bad, force: false), bad)
        }
    }
}
