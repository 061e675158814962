import CNcurses
import Foundation
import XCTest
@testable import TerminalOutput
#if canImport(Glibc)
import Glibc
#endif

final class ParameterizedStringTests: XCTestCase {
    private func run(_ source: String, _ params: Int...) -> String {
        let compiled = ParameterizedString(source)
        var out: [UInt8] = []
        var p = Array(params.prefix(9))
        p += Array(repeating: 0, count: 9 - p.count)
        compiled.write(to: &out, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8])
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Literals and output codes

    func testLiteralOnlyString() {
        let home = ParameterizedString("\u{1B}[H")
        XCTAssertEqual(home.bytes(), Array("\u{1B}[H".utf8))
        XCTAssertEqual(home.bytes(7, 8), Array("\u{1B}[H".utf8))
        XCTAssertFalse(home.hasParameters)
        XCTAssertFalse(home.isEmpty)
        XCTAssertEqual(run("100%%"), "100%")
        XCTAssertFalse(ParameterizedString("100%%").hasParameters)
        XCTAssertTrue(ParameterizedString("%p1%d").hasParameters)
    }

    func testEmptyStrings() {
        XCTAssertTrue(ParameterizedString("").isEmpty)
        XCTAssertTrue(ParameterizedString("$<5>").isEmpty)
        XCTAssertTrue(ParameterizedString("%?%;").isEmpty)
        XCTAssertEqual(ParameterizedString("").bytes(1, 2), [])
    }

    func testAppendsToExistingOutput() {
        var out = Array("ab".utf8)
        ParameterizedString("[%p1%d]").write(to: &out, 42)
        ParameterizedString("[%p1%d]").write(to: &out, 7)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "ab[42][7]")
    }

    func testDecimalOctalHex() {
        XCTAssertEqual(run("%p1%d", 5), "5")
        XCTAssertEqual(run("%p1%d", -5), "-5")
        XCTAssertEqual(run("%p1%d", 0), "0")
        XCTAssertEqual(run("%p1%o", 8), "10")
        XCTAssertEqual(run("%p1%x", 255), "ff")
        XCTAssertEqual(run("%p1%X", 255), "FF")
        XCTAssertEqual(run("%p1%x", -1), "ffffffff")
        XCTAssertEqual(run("%p1%d", Int(Int32.min)), "-2147483648")
        // Parameters are C ints in ncurses.
        XCTAssertEqual(run("%p1%d", 5_000_000_000), "705032704")
    }

    func testPrintfFlagsWidthAndPrecision() {
        XCTAssertEqual(run("%p1%2d|", 5), " 5|")
        XCTAssertEqual(run("%p1%02d|", 5), "05|")
        XCTAssertEqual(run("%p1%3d|", 5), "  5|")
        XCTAssertEqual(run("%p1%3d|", 12345), "12345|")
        XCTAssertEqual(run("%p1%:-3d|", 5), "5  |")
        XCTAssertEqual(run("%p1%:-03d|", 5), "5  |")
        XCTAssertEqual(run("%p1%05d|", -5), "-0005|")
        XCTAssertEqual(run("%p1%.3d|", 5), "005|")
        XCTAssertEqual(run("%p1%6.3d|", -5), "  -005|")
        XCTAssertEqual(run("%p1%08.3d|", 9), "     009|")
        XCTAssertEqual(run("%p1%.0d|", 0), "|")
        XCTAssertEqual(run("%p1% d|", 5), " 5|")
        XCTAssertEqual(run("%p1% 05d|", 9), " 0009|")
        XCTAssertEqual(run("%p1%#x|", 255), "0xff|")
        XCTAssertEqual(run("%p1%#X|", 255), "0XFF|")
        XCTAssertEqual(run("%p1%#x|", 0), "0|")
        XCTAssertEqual(run("%p1%#08x|", 9), "0x000009|")
        XCTAssertEqual(run("%p1%#o|", 8), "010|")
        XCTAssertEqual(run("%p1%#.0o|", 0), "0|")
        XCTAssertEqual(run("%p1%#.5o|", 9), "00011|")
        XCTAssertEqual(run("%p1%:-#5o|", 9), "011  |")
        XCTAssertEqual(run("%p1%.3x|", 9), "009|")
        XCTAssertEqual(run("%p1% x|", 9), "9|")
        XCTAssertEqual(run("%p1%70d|", 5), String(repeating: " ", count: 69) + "5|")
        XCTAssertEqual(run("%p1%:-80x|", 255), "ff" + String(repeating: " ", count: 78) + "|")
        // ncurses drops absurd widths and double dots; glibc echoes formats
        // with a flag after the width.
        XCTAssertEqual(run("%p1%20000d|", 5), "5|")
        XCTAssertEqual(run("%p1%1.2.3d|", 5), "5|")
        XCTAssertEqual(run("%p1%3#x|", 9), "%3#x|")
        XCTAssertEqual(run("%p1%2 3d|", 9), "%2 3d|")
    }

    func testCharacterOutput() {
        XCTAssertEqual(run("%p1%c", 65), "A")
        XCTAssertEqual(ParameterizedString("%p1%c").bytes(0), [0x80])  // ncurses cannot emit NUL
        XCTAssertEqual(ParameterizedString("%p1%c").bytes(0x1FF), [0xFF])
        XCTAssertEqual(run("%'x'%c"), "x")
        XCTAssertEqual(run("\u{1B}Y%p1%' '%+%c%p2%' '%+%c", 2, 3), "\u{1B}Y\"#")  // vt52 cup
    }

    func testStringCodesWithNumericParameters() {
        XCTAssertEqual(run("%p1%5s|", 7), "     |")
        XCTAssertEqual(run("%p1%s|", 7), "|")
        XCTAssertEqual(run("%p1%l%d", 7), "0")
    }

    // MARK: Stack, parameters, variables, constants

    func testAllNineParameters() {
        let source = "%p9%d%p8%d%p7%d%p6%d%p5%d%p4%d%p3%d%p2%d%p1%d"
        XCTAssertEqual(run(source, 1, 2, 3, 4, 5, 6, 7, 8, 9), "987654321")
        XCTAssertEqual(ParameterizedString(source).bytes(1, 2), Array("000000021".utf8))
        XCTAssertEqual(ParameterizedString("%p1%d").bytes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), Array("1".utf8))
    }

    func testVariables() {
        XCTAssertEqual(run("%p1%Pa%p2%Pb%gb%d,%ga%d", 1, 2), "2,1")
        XCTAssertEqual(run("%p1%PZ%gZ%gZ%+%d", 21), "42")
        XCTAssertEqual(run("%gq%d"), "0")
        // Static variables do not survive from one evaluation to the next.
        let staticVariable = ParameterizedString("%gA%d%p1%PA")
        XCTAssertEqual(staticVariable.bytes(9), Array("0".utf8))
        XCTAssertEqual(staticVariable.bytes(9), Array("0".utf8))
    }

    func testConstants() {
        XCTAssertEqual(run("%{42}%d"), "42")
        XCTAssertEqual(run("%{0}%d"), "0")
        XCTAssertEqual(run("%'A'%d"), "65")
        XCTAssertEqual(run("%{99999999999}%d"), "1215752191")  // wraps like C's int
    }

    func testArithmetic() {
        XCTAssertEqual(run("%p1%p2%+%d", 7, 2), "9")
        XCTAssertEqual(run("%p1%p2%-%d", 7, 2), "5")
        XCTAssertEqual(run("%p1%p2%*%d", 7, 2), "14")
        XCTAssertEqual(run("%p1%p2%/%d", 7, 2), "3")
        XCTAssertEqual(run("%p1%p2%/%d", -7, 2), "-3")
        XCTAssertEqual(run("%p1%p2%m%d", 7, 2), "1")
        XCTAssertEqual(run("%p1%p2%m%d", -7, 2), "-1")
        XCTAssertEqual(run("%p1%p2%/%d", 7, 0), "0")
        XCTAssertEqual(run("%p1%p2%m%d", 7, 0), "0")
        XCTAssertEqual(run("%p1%p2%*%d", 65536, 65536), "0")
        XCTAssertEqual(run("%p1%p2%/%d", Int(Int32.min), -1), "-2147483648")
    }

    func testBitwiseAndLogical() {
        XCTAssertEqual(run("%p1%p2%&%d", 12, 10), "8")
        XCTAssertEqual(run("%p1%p2%|%d", 12, 10), "14")
        XCTAssertEqual(run("%p1%p2%^%d", 12, 10), "6")
        XCTAssertEqual(run("%p1%~%d", 0), "-1")
        XCTAssertEqual(run("%p1%!%d", 0), "1")
        XCTAssertEqual(run("%p1%!%d", 5), "0")
        XCTAssertEqual(run("%p1%p2%A%d", 3, 4), "1")
        XCTAssertEqual(run("%p1%p2%A%d", 3, 0), "0")
        XCTAssertEqual(run("%p1%p2%O%d", 0, 4), "1")
        XCTAssertEqual(run("%p1%p2%O%d", 0, 0), "0")
    }

    func testComparisons() {
        XCTAssertEqual(run("%p1%p2%=%d", 3, 3), "1")
        XCTAssertEqual(run("%p1%p2%=%d", 3, 4), "0")
        XCTAssertEqual(run("%p1%p2%<%d", 3, 4), "1")
        XCTAssertEqual(run("%p1%p2%<%d", 4, 3), "0")
        XCTAssertEqual(run("%p1%p2%>%d", 4, 3), "1")
        XCTAssertEqual(run("%p1%p2%>%d", -4, 3), "0")
    }

    func testIncrementAppliesOnceToTheFirstTwoParameters() {
        let cup = "\u{1B}[%i%p1%d;%p2%dH"
        XCTAssertEqual(run(cup, 0, 0), "\u{1B}[1;1H")
        XCTAssertEqual(run(cup, 23, 79), "\u{1B}[24;80H")
        XCTAssertEqual(run("%p1%d%i%p1%d%p3%d", 5, 6, 7), "567")
        XCTAssertEqual(run("%i%i%p1%d;%p2%d", 5, 6), "6;7")
    }

    func testTermcapStyleImplicitParameters() {
        // No %p at all: ncurses pushes up to two parameters, as termcap did.
        XCTAssertEqual(run("\u{1B}[%d;%dH", 3, 4), "\u{1B}[3;4H")
        XCTAssertEqual(run("%d%d%d%d", 5, 6), "5600")
        XCTAssertEqual(run("%{3}%d%d", 5, 6), "35")
        XCTAssertEqual(run("%+%d", 1, 2), "3")
        // ncurses patches the bottom of the stack on %i, swapping the order.
        XCTAssertEqual(run("%i%d;%d", 3, 4), "5;4")
    }

    func testStackUnderflowAndOverflow() {
        XCTAssertEqual(run("%+%d"), "0")
        XCTAssertEqual(run("%d%d%p1%d", 3), "003")
        // The stack holds 20 values; further pushes are ignored.
        let pushes = (1...25).map { "%{\($0)}" }.joined()
        XCTAssertEqual(run(pushes + "%d"), "20")
    }

    // MARK: Conditionals

    func testConditionals() {
        let yesNo = "%?%p1%tyes%eno%;"
        XCTAssertEqual(run(yesNo, 1), "yes")
        XCTAssertEqual(run(yesNo, 0), "no")
        XCTAssertEqual(run("[%?%p1%tset%;]", 0), "[]")
        XCTAssertEqual(run("[%?%p1%tset%;]", 2), "[set]")
        XCTAssertEqual(run("%?%p1%t%{1}%e%{2}%;%d", 0), "2")
    }

    func testElseIfChains() {
        let setaf = "\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m"
        XCTAssertEqual(run(setaf, 1), "\u{1B}[31m")
        XCTAssertEqual(run(setaf, 9), "\u{1B}[91m")
        XCTAssertEqual(run(setaf, 100), "\u{1B}[38;5;100m")
        let chain = "%?%p1%{1}%=%tone%e%p1%{2}%=%ttwo%e%p1%{3}%=%tthree%eother%;!"
        XCTAssertEqual(run(chain, 1), "one!")
        XCTAssertEqual(run(chain, 2), "two!")
        XCTAssertEqual(run(chain, 3), "three!")
        XCTAssertEqual(run(chain, 4), "other!")
    }

    func testNestedConditionals() {
        let nested = "%?%p1%t%?%p2%tA%eB%;%e%?%p2%tC%eD%;%;."
        XCTAssertEqual(run(nested, 1, 1), "A.")
        XCTAssertEqual(run(nested, 1, 0), "B.")
        XCTAssertEqual(run(nested, 0, 1), "C.")
        XCTAssertEqual(run(nested, 0, 0), "D.")
        let sgr = "\u{1B}[0%?%p1%p6%|%t;1%;%?%p2%t;4%;%?%p1%p3%|%t;7%;%?%p4%t;5%;%?%p7%t;8%;m"
        XCTAssertEqual(run(sgr, 0, 0, 0, 0, 0, 0, 0, 0, 0), "\u{1B}[0m")
        XCTAssertEqual(run(sgr, 1, 1, 0, 0, 0, 0, 0, 0, 0), "\u{1B}[0;1;4;7m")
        XCTAssertEqual(run(sgr, 0, 0, 0, 1, 0, 1, 1, 0, 0), "\u{1B}[0;1;5;8m")
    }

    // MARK: Padding and malformed input

    func testPaddingIsStripped() {
        XCTAssertEqual(run("\u{1B}[H$<5>"), "\u{1B}[H")
        XCTAssertEqual(run("a$<2*/>b$<5.5*>c$<.5>d", 0), "abcd")
        XCTAssertEqual(run("\u{1B}[%p1%dA$<2>", 3), "\u{1B}[3A")
        XCTAssertFalse(ParameterizedString("\u{1B}[2J$<50>").hasParameters)
        // Not padding: these stay.
        XCTAssertEqual(run("$<x>$<5$5>"), "$<x>$<5$5>")
        XCTAssertEqual(run("cost: $<"), "cost: $<")
    }

    func testSourceEndsAtNul() {
        XCTAssertEqual(ParameterizedString([0x41, 0, 0x42]).bytes(), [0x41])
        XCTAssertEqual(ParameterizedString([0x41, 0, 0x42]).source, [0x41])
    }

    func testMalformedStringsDoNotCrash() {
        let cases: [(String, String)] = [
            ("%", ""), ("ab%", "ab"), ("%p", ""), ("%p0%d", "0"), ("%pz%d", "1"), ("%P", ""), ("%g", ""),
            ("%'", "\u{80}"), ("%{", ""), ("%{12x%d", "12"), ("%?%t", ""), ("%e", ""), ("%;", ""),
            ("%t%t%t", ""), ("%/%m%d", "0"), ("%z%d", "1"), ("%:", ""), ("%.", ""), ("%?%p1%tX", "X"),
            ("%p1%Pa%?%ga%tY%eZ", "Y"), ("%?%e%e%;%;%t", ""), ("%%%", "%"), ("%99999999999999999999d", "1"),
        ]
        for (source, expected) in cases {
            let compiled = ParameterizedString(source)
            var out: [UInt8] = []
            compiled.write(to: &out, 1, 2, 3)
            if source == "%'" {
                XCTAssertEqual(out, [], source)  // pushes NUL, never output
            } else {
                XCTAssertEqual(String(decoding: out, as: UTF8.self), expected, source)
            }
        }
        // Random bytes, including every code character in odd places.
        var random = SeededRandom(seed: 0xF00D)
        let alphabet = Array("%%%%pPg'{}?te;0123456789:.#- cdoxXsl+-*/mAO&|^=<>!~iazAZ$<>".utf8)
        for _ in 0..<3000 {
            let length = Int(random.next() % 24)
            let source = (0..<length).map { _ in
                random.next() % 8 == 0 ? UInt8(truncatingIfNeeded: random.next()) : alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let compiled = ParameterizedString(source)
            var out: [UInt8] = []
            compiled.write(to: &out, random.int(), random.int(), random.int(), random.int(), random.int())
            XCTAssertLessThan(out.count, 100_000)
        }
    }

    func testEquatableAndDescription() {
        XCTAssertEqual(ParameterizedString("\u{1B}[%p1%dm"), ParameterizedString("\u{1B}[%p1%dm"))
        XCTAssertNotEqual(ParameterizedString("\u{1B}[%p1%dm"), ParameterizedString("\u{1B}[%p2%dm"))
        XCTAssertEqual(ParameterizedString("\u{1B}[%p1%dm\u{7}").description, "\\E[%p1%dm^G")
    }

    // MARK: Differential tests against ncurses

    /// Every parameterized string capability of the named entries, with many
    /// parameter sets, must match ncurses' tparm byte for byte.
    func testMatchesNcursesForCommonTerminals() throws {
        var names = ["xterm", "xterm-256color", "screen", "screen-256color", "tmux-256color", "linux", "vt100"]
        if NcursesReference.hasEntry("xterm-direct") { names.append("xterm-direct") }
        let vectors = NcursesReference.parameterVectors(thorough: true)
        var checkedCapabilities = 0
        for name in names {
            let report = try NcursesReference.compareEntry(name, vectors: vectors)
            checkedCapabilities += report.capabilities
            XCTAssertGreaterThan(report.capabilities, 0, "\(name): nothing compared")
            XCTAssertTrue(report.mismatches.isEmpty, "\(name):\n" + report.mismatches.prefix(10).joined(separator: "\n"))
        }
        XCTAssertGreaterThan(checkedCapabilities, 100)
    }

    /// The rest of the installed database (ncurses-base at least; set
    /// FRAMEBENCH_TERMINFO_EXHAUSTIVE=1 to include every entry under
    /// /usr/share/terminfo too) with fewer parameter sets.
    func testMatchesNcursesForInstalledEntries() throws {
        let exhaustive = ProcessInfo.processInfo.environment["FRAMEBENCH_TERMINFO_EXHAUSTIVE"] == "1"
        let names = NcursesReference.installedEntries(includeShare: exhaustive)
        try XCTSkipIf(names.isEmpty, "no terminfo database found")
        let vectors = NcursesReference.parameterVectors(thorough: false)
        var mismatches: [String] = []
        for name in names {
            guard let report = try? NcursesReference.compareEntry(name, vectors: vectors) else { continue }
            mismatches += report.mismatches.prefix(3).map { "\(name): \($0)" }
        }
        XCTAssertTrue(mismatches.isEmpty, mismatches.prefix(20).joined(separator: "\n"))
    }

    /// Straight programs (literals, `%i`, `%pN%d`: every motion string) skip
    /// the stack machine; random ones of them must still match tparm byte for
    /// byte, `%i` before, between and after the pushes, parameters negative
    /// and past 32 bits. The terminals' own motions must take that path.
    func testStraightProgramsMatchNcurses() throws {
        let xterm = try TerminalCapabilities.load(term: "xterm-256color")
        for (label, string) in [("cup", xterm.cursorAddress), ("ech", xterm.eraseChars), ("cub", xterm.parmLeftCursor)] {
            XCTAssertEqual(string?.isStraight, true, "xterm-256color \(label) is not straight")
        }
        for name in ["screen", "linux", "vt100"] {
            XCTAssertEqual(try TerminalCapabilities.load(term: name).cursorAddress?.isStraight, true, "\(name) cup")
        }
        let pieces = ["\u{1B}[", ";", "H", "X", "%i", "%p1%d", "%p2%d", "%p3%d", "%p9%d", "%%", "%p1%d%p1%d"]
        var random = SeededRandom(seed: 4_242)
        var mismatches: [String] = []
        var kept: [UnsafeMutablePointer<CChar>] = []
        defer { kept.forEach { free($0) } }
        try NcursesReference.withTerminal("vt100") {
            for _ in 0..<3_000 {
                var source = ""
                for _ in 0..<(1 + random.below(7)) { source += pieces[random.below(pieces.count)] }
                source += "%p1%d"  // a %p keeps tparm from termcap-style implicit parameters
                let compiled = ParameterizedString(source)
                XCTAssertTrue(compiled.isStraight, compiled.description)
                kept.append(strdup(source)!)
                for _ in 0..<4 {
                    let params = (0..<9).map { _ in random.parameter() }
                    if let mismatch = NcursesReference.mismatch(compiled, kept.last!, params) { mismatches.append(mismatch) }
                }
            }
        }
        XCTAssertTrue(mismatches.isEmpty, "\(mismatches.count) mismatches:\n" + mismatches.prefix(15).joined(separator: "\n"))
        XCTAssertFalse(ParameterizedString("\u{1B}[%p1%2dX").isStraight, "a width is not plain %d")
        XCTAssertFalse(ParameterizedString("\u{1B}[%dX").isStraight, "termcap-style parameters")
    }

    /// Random strings in the full language against tparm. Left out: static
    /// variables (ncurses keeps them between calls), and `%s`/`%l`, which
    /// tparm treats as char * parameters (and which corrupt ncurses 6.4's
    /// heap on a stack underflow, e.g. `%d%d%s%{1}%Pb`).
    func testMatchesNcursesOnRandomPrograms() throws {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["FRAMEBENCH_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 12_000
        var random = SeededRandom(seed: environment["FRAMEBENCH_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_240_601)
        var mismatches: [String] = []
        // tparm caches what it learns about a format; keeping every format
        // alive until the terminal (and that cache) is gone means the test
        // does not depend on how the cache is keyed.
        var kept: [UnsafeMutablePointer<CChar>] = []
        defer { kept.forEach { free($0) } }
        try NcursesReference.withTerminal("vt100") {
            for round in 0..<rounds {
                let termcapStyle = round % 4 == 3
                let source = RandomProgram.make(&random, termcapStyle: termcapStyle)
                let compiled = ParameterizedString(source)
                kept.append(strdup(source)!)
                for _ in 0..<3 {
                    let params = (0..<9).map { _ in random.parameter() }
                    if let mismatch = NcursesReference.mismatch(compiled, kept.last!, params) { mismatches.append(mismatch) }
                }
            }
        }
        XCTAssertTrue(mismatches.isEmpty, "\(mismatches.count) mismatches:\n" + mismatches.prefix(15).joined(separator: "\n"))
    }

    // MARK: TerminalCapabilities

    func testLoadsXterm256Color() throws {
        let caps = try TerminalCapabilities.load(term: "xterm-256color")
        XCTAssertEqual(caps.name, "xterm-256color")
        XCTAssertEqual(caps.cursorAddress?.bytes(0, 0), Array("\u{1B}[1;1H".utf8))
        XCTAssertEqual(caps.cursorAddress?.bytes(23, 79), Array("\u{1B}[24;80H".utf8))
        XCTAssertEqual(caps.changeScrollRegion?.bytes(0, 23), Array("\u{1B}[1;24r".utf8))
        XCTAssertEqual(caps.parmIndex?.bytes(3), Array("\u{1B}[3S".utf8))
        XCTAssertEqual(caps.parmRindex?.bytes(3), Array("\u{1B}[3T".utf8))
        XCTAssertEqual(caps.eraseChars?.bytes(5), Array("\u{1B}[5X".utf8))
        XCTAssertEqual(caps.repeatChar?.bytes(65, 3), Array("A\u{1B}[2b".utf8))
        XCTAssertEqual(caps.setForeground?.bytes(1), Array("\u{1B}[31m".utf8))
        XCTAssertEqual(caps.setForeground?.bytes(200), Array("\u{1B}[38;5;200m".utf8))
        XCTAssertEqual(caps.setBackground?.bytes(9), Array("\u{1B}[101m".utf8))
        XCTAssertNotNil(caps.enterStrikethrough)  // extended smxx
        XCTAssertNotNil(caps.setAttributes)
        XCTAssertNotNil(caps.exitAttributeMode)
        XCTAssertEqual(caps.colors, 256)
        XCTAssertEqual(caps.columns, 80)
        XCTAssertTrue(caps.autoRightMargin)
        XCTAssertTrue(caps.backColorErase)
        XCTAssertTrue(caps.eatNewlineGlitch)
        XCTAssertFalse(caps.directColor)
    }

    func testLoadsOtherEntries() throws {
        let vt100 = try TerminalCapabilities.load(term: "vt100")
        XCTAssertEqual(vt100.colors, 0)
        XCTAssertNil(vt100.setForeground)
        XCTAssertNil(vt100.repeatChar)
        XCTAssertEqual(vt100.cursorAddress?.bytes(1, 2), Array("\u{1B}[2;3H".utf8))  // padding stripped
        let linux = try TerminalCapabilities.load(term: "linux")
        XCTAssertEqual(linux.colors, 8)
        if NcursesReference.hasEntry("xterm-direct") {
            let direct = try TerminalCapabilities.load(term: "xterm-direct")
            XCTAssertTrue(direct.directColor)
            XCTAssertEqual(direct.colors, 16_777_216)
            XCTAssertEqual(direct.setForeground?.bytes(0x123456), Array("\u{1B}[38:2::18:52:86m".utf8))
        }
    }

    func testUnknownTerminalThrowsNamingIt() {
        XCTAssertThrowsError(try TerminalCapabilities.load(term: "no-such-terminal-xyz")) { error in
            XCTAssertEqual(error as? TerminfoError, .unknownTerminal("no-such-terminal-xyz"))
            XCTAssertTrue("\(error)".contains("no-such-terminal-xyz"), "\(error)")
        }
        XCTAssertThrowsError(try TerminalCapabilities.load(term: ""))
    }

    func testLoadLeavesNcursesGlobalsAlone() throws {
        let before = cur_term
        _ = try TerminalCapabilities.load(term: "xterm-256color")
        XCTAssertEqual(cur_term, before)
        // With a terminal current, loading another keeps it and its sizes.
        try NcursesReference.withTerminal("linux") {
            let current = cur_term
            let lines = LINES, columns = COLS
            _ = try TerminalCapabilities.load(term: "xterm-256color")
            _ = try? TerminalCapabilities.load(term: "no-such-terminal-xyz")
            XCTAssertEqual(cur_term, current)
            XCTAssertEqual(tigetnum("colors"), 8)
            XCTAssertEqual(LINES, lines)
            XCTAssertEqual(COLS, columns)
        }
    }

    func testCapabilitiesFromAnySource() {
        let strings: [String: String] = ["cup": "\u{1B}[%i%p1%d;%p2%dH", "setaf": "\u{1B}[3%p1%dm", "RGB": "8/8/8"]
        let caps = TerminalCapabilities(
            name: "fake",
            string: { strings[$0].map { Array($0.utf8) } },
            number: { $0 == "colors" ? 8 : nil },
            flag: { $0 == "am" }
        )
        XCTAssertEqual(caps.cursorAddress?.bytes(0, 0), Array("\u{1B}[1;1H".utf8))
        XCTAssertNil(caps.changeScrollRegion)
        XCTAssertEqual(caps.colors, 8)
        XCTAssertEqual(caps.lines, 0)
        XCTAssertTrue(caps.autoRightMargin)
        XCTAssertFalse(caps.backColorErase)
        XCTAssertTrue(caps.directColor)
    }
}

// MARK: - Helpers

/// A small deterministic generator (SplitMix64), so failures reproduce.
private struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func int() -> Int { Int(truncatingIfNeeded: next()) }
    /// Mostly small values, sometimes colours, negatives or huge ones.
    mutating func parameter() -> Int {
        switch below(8) {
        case 0: return below(2)
        case 1: return 255 - below(3)
        case 2: return -below(300)
        case 3: return int()
        case 4: return Int(Int32.max) - below(2)
        default: return below(300)
        }
    }
}

/// Random programs built from whole tokens of the parameter language.
private enum RandomProgram {
    static let formats = ["", "2", "02", "3", ":-3", ":-03", "#", "#8", " ", ".3", "5.2", "10", "#.0", ".0",
                          "3#", "1.2.3", "20000", " 05", "0#4", ":#-6", "08.3", ":- 4", ".", "2 3", "70", ":-#80", ".66"]

    static func make(_ random: inout SeededRandom, termcapStyle: Bool) -> String {
        var source = ""
        for _ in 0..<(1 + random.below(20)) { source += token(&random, termcapStyle: termcapStyle) }
        // Never end inside %' (ncurses would read past the terminator).
        return source + "Z"
    }

    static func token(_ random: inout SeededRandom, termcapStyle: Bool) -> String {
        let lowercase = Array("abz")
        switch random.below(16) {
        case 0: return ["A", ";", "\u{1B}[", "%%", "x"][random.below(5)]
        case 1, 2:
            return "%" + formats[random.below(formats.count)] + ["d", "o", "x", "X"][random.below(4)]
        case 3: return "%c"
        case 4: return termcapStyle ? "%d" : "%p\(random.below(11))"
        case 5: return "%P\(lowercase[random.below(3)])"
        case 6: return "%g\(lowercase[random.below(3)])"
        case 7: return "%'\(["a", "%", "}", "?", " ", ";"][random.below(6)])'"
        case 8: return ["%{\(random.below(1000))}", "%{99999999999}", "%{12x", "%{}"][random.below(4)]
        case 9, 10: return "%" + String(Array("+-*/mAO&|^=<>!~")[random.below(15)])
        case 11: return "%i"
        case 12: return "%?"
        case 13: return "%t"
        case 14: return "%e"
        default: return ["%;", "%", "%z", "%:"][random.below(4)]
        }
    }
}

/// ncurses as the oracle: its entries and its own tparm.
private enum NcursesReference {
    typealias Tparm = @convention(c) (UnsafePointer<CChar>?, Int, Int, Int, Int, Int, Int, Int, Int, Int)
        -> UnsafeMutablePointer<CChar>?

    /// tparm is variadic in the header, which Swift cannot call, so it is
    /// called through its address with nine fixed longs (the x86-64 and
    /// AArch64 Linux ABIs pass those the same way either way).
    static let tparmFunction: Tparm = unsafeBitCast(dlsym(nil, "tparm")!, to: Tparm.self)

    static let standardStringNames: UnsafePointer<UnsafePointer<CChar>?> =
        UnsafePointer(dlsym(nil, "strnames")!.assumingMemoryBound(to: UnsafePointer<CChar>?.self))

    static let directories = ["/lib/terminfo", "/usr/share/terminfo", "/etc/terminfo"]

    static func hasEntry(_ name: String) -> Bool {
        directories.contains { directory in
            FileManager.default.fileExists(atPath: "\(directory)/\(name.prefix(1))/\(name)")
                || FileManager.default.fileExists(atPath: "\(directory)/\(String(name.utf8.first!, radix: 16))/\(name)")
        }
    }

    static func installedEntries(includeShare: Bool) -> [String] {
        var names = Set<String>()
        for directory in includeShare ? directories : ["/lib/terminfo"] {
            for letter in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: "\(directory)/\(letter)")) ?? []
                names.formUnion(entries)
            }
        }
        return names.sorted()
    }

    /// Makes `name` the current terminal for `body`, then puts things back.
    static func withTerminal<T>(_ name: String, _ body: () throws -> T) throws -> T {
        let savedLines = LINES, savedColumns = COLS, savedTabSize = TABSIZE
        let previous = set_curterm(nil)
        let previousExtended = use_extended_names(true)
        let fd = open("/dev/null", O_RDWR)
        defer {
            if let loaded = cur_term, loaded != previous { del_curterm(loaded) }
            set_curterm(previous)
            use_extended_names(previousExtended != 0)
            close(fd)
            LINES = savedLines
            COLS = savedColumns
            TABSIZE = savedTabSize
        }
        var status: Int32 = 0
        guard setupterm(name, fd, &status) == OK else { throw TerminfoError.unknownTerminal(name) }
        return try body()
    }

    /// The current terminal's string capabilities, standard then extended.
    static func stringCapabilities() -> [(name: String, pointer: UnsafePointer<CChar>, value: [UInt8])] {
        guard let terminal = cur_term else { return [] }
        let type = terminal.pointee.type
        let total = Int(type.num_Strings), extended = Int(type.ext_Strings)
        let extendedNamesStart = Int(type.ext_Booleans) + Int(type.ext_Numbers)
        var result: [(String, UnsafePointer<CChar>, [UInt8])] = []
        for index in 0..<total {
            guard let value = type.Strings[index], Int(bitPattern: value) != -1 else { continue }
            let name = index < total - extended
                ? String(cString: standardStringNames[index]!)
                : String(cString: type.ext_Names[extendedNamesStart + index - (total - extended)]!)
            result.append((name, UnsafePointer(value), Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))))
        }
        return result
    }

    /// How `compiled` and tparm disagree on `source` (kept alive by the
    /// caller) with nine `params`, or nil when they give the same bytes.
    static func mismatch(_ compiled: ParameterizedString, _ source: UnsafeMutablePointer<CChar>, _ params: [Int])
        -> String?
    {
        let expected = tparm(source, params)
        let actual = asCString(
            compiled.bytes(params[0], params[1], params[2], params[3], params[4], params[5], params[6], params[7], params[8]))
        return expected == actual ? nil : "\(compiled) \(params): ncurses \(show(expected)) ours \(show(actual))"
    }

    static func tparm(_ source: String, _ params: [Int]) -> [UInt8]? {
        source.withCString { tparm($0, params) }
    }

    static func tparm(_ source: UnsafePointer<CChar>, _ params: [Int]) -> [UInt8]? {
        guard let result = tparmFunction(source, params[0], params[1], params[2], params[3], params[4],
                                         params[5], params[6], params[7], params[8]) else { return nil }
        return Array(UnsafeRawBufferPointer(start: result, count: strlen(result)))
    }

    /// What a C caller sees of our output: it ends at the first NUL.
    static func asCString(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.prefix { $0 != 0 })
    }

    /// tparm keeps `$<..>` delays; we drop them at compile time.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if let end = ParameterizedString.Compiler.paddingEnd(bytes, at: index) {
                index = end
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    static func show(_ bytes: [UInt8]?) -> String {
        guard let bytes else { return "NULL" }
        return "\"" + bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined() + "\""
    }

    /// True when tparm would treat a parameter as a char * (and crash on our numbers).
    static func usesStringParameters(_ source: [UInt8]) -> Bool {
        source.indices.contains { index in
            guard source[index] == UInt8(ascii: "%") else { return false }
            let code = ParameterizedString.Compiler.parseFormat(source, from: index + 1).code
            return code < source.count && (source[code] == UInt8(ascii: "s") || source[code] == UInt8(ascii: "l"))
        }
    }

    /// ncurses keeps `%P[A-Z]` values from one tparm call to the next (we
    /// do not), so such capabilities depend on call history there.
    static func readsStaticVariables(_ source: [UInt8]) -> Bool {
        zip(source, source.dropFirst(2)).enumerated().contains { index, pair in
            pair.0 == UInt8(ascii: "%") && source[index + 1] == UInt8(ascii: "g")
                && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(pair.1)
        }
    }

    static func parameterVectors(thorough: Bool) -> [[Int]] {
        var vectors: [[Int]] = [
            [0, 0], [1, 1], [23, 79], [200, 50], [24, 80], [1, 0], [0, 1], [9999, 9999], [-1, -1], [5_000_000_000, 3],
        ]
        let colors = thorough
            ? [0, 1, 7, 8, 9, 15, 16, 100, 231, 232, 255, 256, 1000, 65535, 0x123456, 16_777_215]
            : [0, 7, 8, 15, 16, 255, 256, 1000, 16_777_215]
        for color in colors {
            vectors.append([color])
            vectors.append([color, color, color, color])  // initc/initp-shaped
        }
        // sgr's nine attribute flags, every combination (or every single one).
        let combinations = thorough ? Array(0..<512) : [0, 511] + (0..<9).map { 1 << $0 }
        for bits in combinations { vectors.append((0..<9).map { (bits >> $0) & 1 }) }
        vectors.append([2, 3, 4, 5, 6, 7, 8, 9, 10])
        var random = SeededRandom(seed: 77)
        for _ in 0..<(thorough ? 60 : 10) { vectors.append((0..<9).map { _ in random.parameter() }) }
        return vectors.map { $0 + Array(repeating: 0, count: 9 - $0.count) }
    }

    struct Report {
        var capabilities = 0
        var mismatches: [String] = []
    }

    static func compareEntry(_ name: String, vectors: [[Int]]) throws -> Report {
        try withTerminal(name) {
            var report = Report()
            for (capability, pointer, value) in stringCapabilities() {
                guard value.contains(UInt8(ascii: "%")), !usesStringParameters(value),
                      !readsStaticVariables(value) else { continue }
                report.capabilities += 1
                let compiled = ParameterizedString(value)
                for params in vectors {
                    let expected = tparm(pointer, params).map(withoutPadding)
                    let actual = asCString(compiled.bytes(params[0], params[1], params[2], params[3], params[4],
                                                          params[5], params[6], params[7], params[8]))
                    if expected != actual {
                        report.mismatches.append("\(capability)=\(compiled) \(params.prefix(9)): ncurses \(show(expected)) ours \(show(actual))")
                        break
                    }
                }
            }
            return report
        }
    }
}
