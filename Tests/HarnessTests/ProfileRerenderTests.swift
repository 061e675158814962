import Foundation
import XCTest

import Harness
import Reports

/// A `framebench profile` folder rendered again by this build: the folded
/// stacks and the flame graph made anew from its `callgrind.out` must be
/// byte for byte the files the build that profiled wrote. For a change to
/// `FoldedStacks` or `FlameGraph` that must not change what they write:
/// profile with the old build, then run this test with the new one,
/// `FRAMEBENCH_PROFILE_DIR` naming the folder (skipped without it). The
/// files made again go to its `rerendered/` folder, for `cmp`.
final class ProfileRerenderTests: XCTestCase {
    func testAProfileFolderRendersAgainByteForByte() throws {
        let given = ProcessInfo.processInfo.environment["FRAMEBENCH_PROFILE_DIR"] ?? ""
        try XCTSkipIf(given.isEmpty, "set FRAMEBENCH_PROFILE_DIR to a framebench profile --out folder")
        let folder = URL(fileURLWithPath: given)
        let file = { (name: String) in folder.appendingPathComponent(name) }
        let profile = try CallgrindProfile(parsing: String(contentsOf: file("callgrind.out"), encoding: .utf8))
        let stacks = FoldedStacks(profile)
        let written = try String(contentsOf: file("flamegraph.svg"), encoding: .utf8)
        // The title as the page shows it, unescaped (HTMLText.escape's five characters).
        let shown = try XCTUnwrap(written.components(separatedBy: "<title>").dropFirst().first?.components(separatedBy: "</title>").first)
        var title = shown
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            title = title.replacingOccurrences(of: entity, with: character)
        }
        let again = file("rerendered")
        try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
        let svg = FlameGraph.svg(stacks, title: title)
        try Data(stacks.text.utf8).write(to: again.appendingPathComponent("stacks.folded"))
        try Data(svg.utf8).write(to: again.appendingPathComponent("flamegraph.svg"))
        XCTAssertEqual(stacks.text, try String(contentsOf: file("stacks.folded"), encoding: .utf8), "the folded stacks")
        XCTAssertEqual(svg, written, "the flame graph")
    }
}
