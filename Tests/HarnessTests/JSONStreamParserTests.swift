import Foundation
import XCTest

@testable import FrameBenchCLI
@testable import Harness

final class JSONStreamParserTests: XCTestCase {
    /// Texts that are not JSON, or JSON no reader should take, and a few that are fine.
    static let texts: [String] = [
        #"{"a": [1, -2.5e3, "x\u00e9\n", true, null], "b": {}}"#,
        "{\"a\": [1,\n 2,, 3]}",
        #"{"a": 1, "a": 2}"#,
        #"{"a": +1}"#,
        #"{"a": 01}"#,
        #"{"a": 0x10}"#,
        #"{"a": 1.}"#,
        #"{"a": 1e}"#,
        #"{"a": 1e5x}"#,
        #"{"a": 1e400}"#,
        #"{"a": "x"} x"#,
        "",
        "   \n ",
        #"{"a": "unterminated}"#,
        #"{"a": -Infinity}"#,
        #"{"a": NaN}"#,
        #"{"a": [Infinity]}"#,
        #"{"a": -}"#,
        #"{"a": -x}"#,
        #"{"a": truex}"#,
        #"{"a": "bad \q escape"}"#,
        #"{"a": "\u12"}"#,
        "{\"a\": \"tab\tinside\"}",
        #"{"a" 1}"#,
        #"{"a": 1 "b": 2}"#,
        #"[1, 2 3]"#,
        #"{1: 2}"#,
        "{\"a\":\n  {\"b\": [1, 2, {\"c\": nope}]}}",
        #"{"frames": [1, 2, 3, 99999999999999999999, 4]}"#,
        #"[""#,
        "[",
        String(repeating: "1", count: 400),
        "[" + String(repeating: "1", count: 400) + "e5]",
    ]

    private func problem(_ text: String, chunk: Int = JSONStreamParser.chunkSize) -> JSONScan.Problem? {
        do {
            _ = try JSONStreamParser.parse(Array(text.utf8), chunk: chunk)
            return nil
        } catch let problem as JSONScan.Problem {
            return problem
        } catch {
            XCTFail("\(error)")
            return nil
        }
    }

    func testTheStreamFindsEachProblemWhereTheWholeFileScanDoes() {
        for text in Self.texts {
            let expected = JSONScan.problem(in: text)
            for chunk in [1, 2, 3, 7, 65_536] {
                XCTAssertEqual(problem(text, chunk: chunk), expected, "chunk \(chunk): \(text)")
            }
        }
    }

    func testNestingPastTheLimitIsAProblemNotACrash() {
        let deep = String(repeating: "[", count: JSONStreamParser.maximumDepth + 1)
        XCTAssertEqual(problem(deep)?.message, "lists and objects nested more than 512 deep")
        XCTAssertEqual(problem(deep)?.column, 513)
        let allowed =
            String(repeating: "[", count: JSONStreamParser.maximumDepth)
            + String(repeating: "]", count: JSONStreamParser.maximumDepth)
        XCTAssertNil(problem(allowed))
    }

    func testListsOfNumbersArePackedAndKeepEveryNumberExactly() throws {
        let text =
            #"{"i": [1, -2, 9007199254740993], "d": [1, 2.5, -3], "m": [1, "x"], "big": [1, 99999999999999999999], "e": []}"#
        for chunk in [1, 5, 65_536] {
            guard
                case .object(let members, _) = try JSONStreamParser.parse(Array(text.utf8), chunk: chunk)
                    .value
            else {
                return XCTFail("not an object")
            }
            guard case .integers(let integers) = members["i"] else {
                return XCTFail("i: \(members["i"]!)")
            }
            XCTAssertEqual(integers, [1, -2, 9_007_199_254_740_993])
            guard case .doubles(let doubles) = members["d"] else { return XCTFail("d: \(members["d"]!)") }
            XCTAssertEqual(doubles, [1, 2.5, -3])
            guard case .array(let mixed) = members["m"], mixed.count == 2 else {
                return XCTFail("m: \(members["m"]!)")
            }
            guard case .array(let big) = members["big"], case .number("99999999999999999999") = big[1]
            else {
                return XCTFail("big: \(members["big"]!)")
            }
        }
    }

    func testTheDigestIsTheWholeFilesDigestAtEveryChunkSize() throws {
        let bytes = Array(#"{"a": [1, 2, 3], "b": "text"}"#.utf8)
        for chunk in [1, 4, 65_536] {
            let parsed = try JSONStreamParser.parse(bytes, chunk: chunk)
            XCTAssertEqual(parsed.digest, ContentDigest.of(Data(bytes)))
            XCTAssertEqual(parsed.byteCount, bytes.count)
        }
    }

    func testARealResultsFileDecodesAsFoundationDecodesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "framebench-stream-\(getpid())"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/r.json"
        let run = [
            "run", "plain-feed", "--frames", "20", "--size", "20x5", "--term", "xterm-256color",
            "--format", "json", "--out", out,
        ]
        XCTAssertEqual(FrameBenchCommand.main(run), 0)
        let foundation = try JSONDecoder().decode(
            RunDocument.self, from: Data(contentsOf: URL(fileURLWithPath: out)))
        let streamed: RunDocument = try JSONFile.read(out, what: "results file")
        XCTAssertEqual(streamed, foundation)
        XCTAssertGreaterThan(
            streamed.scenarios.first?.runs.first?.frames[.frameTime]?.count ?? 0, 10)
    }

    func testANumberThatDoesNotFitItsFieldIsNamedWithItsLineAndColumn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "framebench-misfit-\(getpid())"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [(String, String)] = [
            ("{\"a\": [1,\n  20.5]}", "t.json: a[1]: 20.5 is not a whole number (line 2, column 3)"),
            (#"{"a": [1, -1]}"#, "t.json: a[1]: -1 must not be negative here (line 1, column 11)"),
            (
                #"{"a": [99999999999999999999]}"#,
                "t.json: a[0]: 99999999999999999999 is out of range for this field (line 1, column 8)"
            ),
            (#"{"a": ["x"]}"#, "t.json: a[0]: expected a whole number, found \"x\""),
        ]
        for (text, expected) in cases {
            try text.write(toFile: folder + "/t.json", atomically: true, encoding: .utf8)
            XCTAssertThrowsError(
                try JSONFile.load(folder + "/t.json", what: "file").decode([String: [UInt8]].self)
            ) { error in
                XCTAssertTrue("\(error)".hasSuffix(expected), "\(error)")
            }
        }
    }
}
