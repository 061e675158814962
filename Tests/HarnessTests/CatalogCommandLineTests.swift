import Foundation
import Harness
import XCTest

@testable import FrameBenchCLI

/// `FrameBenchCLI.main(catalog:)` in a package's own executable
/// (`framebench-catalog-fixture`: the built-in workloads plus
/// `fixture-stripes`, a scene framebench does not have): the whole command
/// line over that catalog, its children started from that executable, and
/// its own name in what it prints.
final class CatalogCommandLineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        // Outside any package, so no suites file of FrameBench's names scenes the fixture lacks.
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("framebench-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// An executable SwiftPM builds beside the test bundle (HarnessTests depends on it).
    private func built(_ name: String) throws -> String {
        let tests = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let path = URL(fileURLWithPath: tests).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw UsageError("\(name) is not built at \(path) (HarnessTests depends on it)")
        }
        return path
    }

    /// Runs `executable` with `arguments` in the scratch folder: its exit status, stdout and stderr.
    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["FRAMEBENCH_EXECUTABLE"] = nil  // the executable must find its children itself
        process.environment = environment
        let out = folder.appendingPathComponent("out-\(UUID().uuidString)")
        let error = folder.appendingPathComponent("error-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: error.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: error)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: out, encoding: .utf8), try String(contentsOf: error, encoding: .utf8))
    }

    func testAPackagesOwnSceneIsMeasuredInAChildOfItsOwnExecutable() throws {
        let fixture = try built("framebench-catalog-fixture")
        let json = folder.appendingPathComponent("stripes.json").path
        let result = try run(fixture, ["run", "fixture-stripes", "--frames", "24", "--size", "40x10", "--format", "json", "--out", json])
        XCTAssertEqual(result.status, 0, result.error)
        let document = try BaselineStore.read(json)
        XCTAssertEqual(document.scenarios.map(\.name), ["fixture-stripes-40x10"])
        let measured = document.scenarios.first?.runs.first?.frames[.frameTime]?.count
        XCTAssertEqual(measured, 24 - RunDefaults.warmUpFrames(forFrames: 24), "every frame after the warm-up, measured in the child")
        // framebench itself does not know the scene: had the child been framebench, the run would have failed so.
        let framebench = try run(try built("framebench"), ["run", "fixture-stripes", "--frames", "24"])
        XCTAssertEqual(framebench.status, 2)
        XCTAssertTrue(framebench.error.contains("unknown scenario 'fixture-stripes'"), framebench.error)
    }

    func testHelpListAndErrorsNameTheExecutableAndItsCatalog() throws {
        let fixture = try built("framebench-catalog-fixture")
        let help = try run(fixture, ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("usage: framebench-catalog-fixture COMMAND [ARGUMENTS] [OPTIONS]\n"), help.out)
        let runHelp = try run(fixture, ["run", "--help"])
        XCTAssertTrue(runHelp.out.hasPrefix("usage: framebench-catalog-fixture run "), runHelp.out)
        let misspelt = try run(fixture, ["rnu"])
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertTrue(misspelt.error.hasPrefix("framebench-catalog-fixture: unknown command 'rnu' (did you mean 'run'?)"), misspelt.error)
        let list = try run(fixture, ["list"])
        XCTAssertEqual(list.status, 0, list.error)
        XCTAssertTrue(list.out.contains("  fixture-stripes "), list.out)
        XCTAssertTrue(list.out.contains("  plain-feed "), "the built-in workloads the catalog adds to")
        XCTAssertFalse(list.out.contains("safari-reader"), "framebench's seed scenes are not in this catalog")
        let version = try run(fixture, ["--version"])
        XCTAssertTrue(version.out.hasPrefix("framebench-catalog-fixture (FrameBench) \(BuildInfo.version)\n"), version.out)
    }

    func testAPackageInsideAnotherKeepsItsResultsOutOfTheOuterOne() throws {
        let outer = folder.appendingPathComponent("outer")
        let inner = outer.appendingPathComponent("Examples/inner")
        try FileManager.default.createDirectory(at: outer.appendingPathComponent("Benchmarks"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        for package in [outer, inner] { FileManager.default.createFile(atPath: package.appendingPathComponent("Package.swift").path, contents: Data()) }
        try Data(#"{"suites": {}}"#.utf8).write(to: outer.appendingPathComponent("Benchmarks/suites.json"))
        let previous = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        FileManager.default.changeCurrentDirectoryPath(inner.path)
        XCTAssertEqual(try PackageRoot.locate(explicit: nil).folder, ".", "the inner package (no suites file) is its own root")
        FileManager.default.changeCurrentDirectoryPath(outer.appendingPathComponent("Examples").path)
        XCTAssertEqual(
            URL(fileURLWithPath: try PackageRoot.locate(explicit: nil).folder).resolvingSymlinksInPath().path,
            outer.resolvingSymlinksInPath().path, "a plain folder inside a package still finds it")
    }

    func testCountedChildrenUnderCallgrindAreTheExecutableToo() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["FRAMEBENCH_LONG_TESTS"] == "1", "long tier: set FRAMEBENCH_LONG_TESTS=1")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind"), "valgrind is not installed (apt-get install valgrind)")
        let fixture = try built("framebench-catalog-fixture")
        let result = try run(fixture, ["run", "fixture-stripes", "--frames", "12", "--size", "40x10", "--measure", "instructions"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.out.contains("instructions per frame (callgrind"), result.out)
    }
}
