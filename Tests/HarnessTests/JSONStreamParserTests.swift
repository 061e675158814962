import Foundation
import XCTest

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
            let expected = Array(text.utf8).withUnsafeBytes { bytes -> JSONScan.Problem? in
                do {
                    _ = try JSONScan.check(bytes)
                    return nil
                } catch let problem as JSONScan.Problem {
                    return problem
                } catch {
                    return nil
                }
            }
            for chunk in [1, 2, 3, 7, 65_536] {
                XCTAssertEqual(problem(text, chunk: chunk), expected, "chunk \(chunk): \(text)")
            }
        }
    }
}
