import Foundation
import JSONText
import XCTest

final class JSONStringTests: XCTestCase {
    func testQuotesAndBackslashesAreEscapedAndControlsWrittenByNameOrAsFourHexDigits() {
        XCTAssertEqual(JSONString.quote(""), #""""#)
        XCTAssertEqual(JSONString.quote(#"say "hi" \ there"#), #""say \"hi\" \\ there""#)
        XCTAssertEqual(JSONString.quote("a\nb\rc\td"), #""a\nb\rc\td""#)
        XCTAssertEqual(JSONString.quote("\u{0}\u{1b}[2J\u{1f}\u{7f}"), #""\u0000\u001b[2J\u001f\u007f""#)
    }

    func testTextBeyondAsciiIsWrittenAsItIs() {
        XCTAssertEqual(JSONString.quote("é 한 👍🏽"), "\"é 한 👍🏽\"")
    }

    func testEveryLiteralReadsBackAsTheTextItQuotes() throws {
        // Every control, DEL, the C1 range and a few wide scalars: a JSON reader we did not write gives the text back.
        let scalars = (0...0xA0).compactMap(Unicode.Scalar.init) + ["\u{2028}", "\u{FFFD}", "\u{1F600}"]
        for scalar in scalars {
            let text = "<\(scalar)>"
            let literal = JSONString.quote(text)
            let read = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            XCTAssertEqual(read, [text], "U+\(String(scalar.value, radix: 16))")
        }
    }
}
