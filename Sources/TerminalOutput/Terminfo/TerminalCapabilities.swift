import FrameGrid
import CNcurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The capabilities of one terminal type that FrameBench's encoder uses,
/// copied out of the terminfo database and compiled, so that nothing refers to
/// ncurses' global state afterwards and the value can be shared across threads.
///
/// String capabilities are nil when the entry lacks them. Extended
/// (user-defined) names such as `smxx`, `setrgbf` and `Sync` are included.
public struct TerminalCapabilities: Sendable, Equatable {
    /// The terminal type this was loaded for, as given.
    public let name: String

    public let cursorAddress: ParameterizedString?       // cup
    public let changeScrollRegion: ParameterizedString?  // csr
    public let scrollForward: ParameterizedString?       // ind
    public let parmIndex: ParameterizedString?           // indn
    public let scrollReverse: ParameterizedString?       // ri
    public let parmRindex: ParameterizedString?          // rin
    public let clrEol: ParameterizedString?              // el
    public let clearScreen: ParameterizedString?         // clear
    public let eraseChars: ParameterizedString?          // ech
    public let repeatChar: ParameterizedString?          // rep
    public let cursorHome: ParameterizedString?          // home
    public let carriageReturn: ParameterizedString?      // cr
    public let cursorDown: ParameterizedString?          // cud1
    public let cursorUp: ParameterizedString?            // cuu1
    public let cursorLeft: ParameterizedString?          // cub1
    public let cursorRight: ParameterizedString?         // cuf1
    public let parmDownCursor: ParameterizedString?      // cud
    public let parmUpCursor: ParameterizedString?        // cuu
    public let parmLeftCursor: ParameterizedString?      // cub
    public let parmRightCursor: ParameterizedString?     // cuf
    public let columnAddress: ParameterizedString?       // hpa
    public let rowAddress: ParameterizedString?          // vpa
    public let cursorInvisible: ParameterizedString?     // civis
    public let cursorNormal: ParameterizedString?        // cnorm
    public let enterCaMode: ParameterizedString?         // smcup
    public let exitCaMode: ParameterizedString?          // rmcup
    public let exitAttributeMode: ParameterizedString?   // sgr0
    public let setAttributes: ParameterizedString?       // sgr
    public let enterBoldMode: ParameterizedString?       // bold
    public let enterDimMode: ParameterizedString?        // dim
    public let enterItalicsMode: ParameterizedString?    // sitm
    public let exitItalicsMode: ParameterizedString?     // ritm
    public let enterUnderlineMode: ParameterizedString?  // smul
    public let exitUnderlineMode: ParameterizedString?   // rmul
    public let enterReverseMode: ParameterizedString?    // rev
    public let enterStrikethrough: ParameterizedString?  // smxx (extended)
    public let exitStrikethrough: ParameterizedString?   // rmxx (extended)
    public let setForeground: ParameterizedString?       // setaf
    public let setBackground: ParameterizedString?       // setab
    public let setRGBForeground: ParameterizedString?    // setrgbf (extended)
    public let setRGBBackground: ParameterizedString?    // setrgbb (extended)
    public let origPair: ParameterizedString?            // op
    public let keypadXmit: ParameterizedString?          // smkx
    public let keypadLocal: ParameterizedString?         // rmkx
    public let synchronizedOutput: ParameterizedString?  // Sync (extended)

    /// `colors`; 0 when absent.
    public let colors: Int
    /// `cols` and `lines` from the entry (ncurses lets $COLUMNS/$LINES override
    /// them); 0 when absent. The real size comes from the tty, not from here.
    public let columns: Int
    public let lines: Int

    public let backColorErase: Bool    // bce
    public let autoRightMargin: Bool   // am
    public let eatNewlineGlitch: Bool  // xenl
    public let moveInStandout: Bool    // msgr
    /// The extended `RGB` capability, in whichever form (flag, number or
    /// string) the entry gives it: colour numbers are 24-bit RGB values.
    public let directColor: Bool

    /// Builds capabilities from any source keyed by terminfo capability name;
    /// `load(term:)` uses the terminfo database, tests can use dictionaries.
    /// - Parameters:
    ///   - string: the raw bytes of a string capability, nil when absent.
    ///   - number: a numeric capability, nil when absent.
    ///   - flag: a boolean capability.
    public init(
        name: String,
        string: (String) -> [UInt8]?,
        number: (String) -> Int?,
        flag: (String) -> Bool
    ) {
        func compiled(_ capability: String) -> ParameterizedString? {
            string(capability).map { ParameterizedString($0) }
        }
        self.name = name
        cursorAddress = compiled("cup")
        changeScrollRegion = compiled("csr")
        scrollForward = compiled("ind")
        parmIndex = compiled("indn")
        scrollReverse = compiled("ri")
        parmRindex = compiled("rin")
        clrEol = compiled("el")
        clearScreen = compiled("clear")
        eraseChars = compiled("ech")
        repeatChar = compiled("rep")
        cursorHome = compiled("home")
        carriageReturn = compiled("cr")
        cursorDown = compiled("cud1")
        cursorUp = compiled("cuu1")
        cursorLeft = compiled("cub1")
        cursorRight = compiled("cuf1")
        parmDownCursor = compiled("cud")
        parmUpCursor = compiled("cuu")
        parmLeftCursor = compiled("cub")
        parmRightCursor = compiled("cuf")
        columnAddress = compiled("hpa")
        rowAddress = compiled("vpa")
        cursorInvisible = compiled("civis")
        cursorNormal = compiled("cnorm")
        enterCaMode = compiled("smcup")
        exitCaMode = compiled("rmcup")
        exitAttributeMode = compiled("sgr0")
        setAttributes = compiled("sgr")
        enterBoldMode = compiled("bold")
        enterDimMode = compiled("dim")
        enterItalicsMode = compiled("sitm")
        exitItalicsMode = compiled("ritm")
        enterUnderlineMode = compiled("smul")
        exitUnderlineMode = compiled("rmul")
        enterReverseMode = compiled("rev")
        enterStrikethrough = compiled("smxx")
        exitStrikethrough = compiled("rmxx")
        setForeground = compiled("setaf")
        setBackground = compiled("setab")
        setRGBForeground = compiled("setrgbf")
        setRGBBackground = compiled("setrgbb")
        origPair = compiled("op")
        keypadXmit = compiled("smkx")
        keypadLocal = compiled("rmkx")
        synchronizedOutput = compiled("Sync")
        colors = max(number("colors") ?? 0, 0)
        columns = max(number("cols") ?? 0, 0)
        lines = max(number("lines") ?? 0, 0)
        backColorErase = flag("bce")
        autoRightMargin = flag("am")
        eatNewlineGlitch = flag("xenl")
        moveInStandout = flag("msgr")
        directColor = flag("RGB") || (number("RGB") ?? 0) > 0 || string("RGB") != nil
    }

    /// ncurses keeps the loaded entry, LINES/COLS and the extended-names switch
    /// in process globals, so every load is serialized.
    private static let ncursesLock = NSLock()

    /// Loads `term` from the terminfo database through ncurses.
    ///
    /// The entry is read with `setupterm` on /dev/null (so no tty is touched),
    /// copied out, and freed; the previously current terminal, LINES, COLS,
    /// TABSIZE and the extended-names setting are put back, so a curses screen
    /// that is already running is left as it was. Code elsewhere that calls
    /// ncurses concurrently from another thread is not protected.
    /// - Throws: `TerminfoError.unknownTerminal` when there is no such entry.
    public static func load(term: String) throws -> TerminalCapabilities {
        guard !term.isEmpty else { throw TerminfoError.unknownTerminal(term) }
        ncursesLock.lock()
        defer { ncursesLock.unlock() }

        let fd = open("/dev/null", O_RDWR)
        guard fd >= 0 else { throw TerminfoError.setupFailed(term, status: errno) }
        defer { close(fd) }

        let savedLines = LINES, savedColumns = COLS, savedTabSize = TABSIZE
        let previousExtendedNames = use_extended_names(true)
        // With no current terminal, setupterm cannot decide to reuse (and so
        // hand back for deletion) the caller's terminal of the same name.
        let previous = set_curterm(nil)
        defer {
            if let loaded = cur_term, loaded != previous { del_curterm(loaded) }
            set_curterm(previous)
            use_extended_names(previousExtendedNames != 0)
            LINES = savedLines
            COLS = savedColumns
            TABSIZE = savedTabSize
        }

        var status: Int32 = 0
        guard setupterm(term, fd, &status) == OK else {
            switch status {
            case 0: throw TerminfoError.unknownTerminal(term)
            case -1: throw TerminfoError.databaseNotFound(term)
            default: throw TerminfoError.setupFailed(term, status: status)
            }
        }
        return TerminalCapabilities(
            name: term,
            string: { capability in
                // tigetstr answers (char *)-1 for names that are not string capabilities.
                guard let value = tigetstr(capability), Int(bitPattern: value) != -1 else { return nil }
                return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
            },
            number: { capability in
                let value = tigetnum(capability)  // -1 absent, -2 not a number
                return value >= 0 ? Int(value) : nil
            },
            flag: { capability in tigetflag(capability) > 0 }  // -1 when not a flag
        )
    }
}

extension TerminalCapabilities {
    /// The attributes this terminal can show: those it has a capability to
    /// turn on. The others are never sent, so a terminal shows cells with
    /// them as if they were absent.
    public var displayableAttributes: Attributes {
        var shown: Attributes = []
        if enterBoldMode != nil { shown.insert(.bold) }
        if enterDimMode != nil { shown.insert(.dim) }
        if enterItalicsMode != nil { shown.insert(.italic) }
        if enterUnderlineMode != nil { shown.insert(.underline) }
        if enterReverseMode != nil { shown.insert(.reverse) }
        if enterStrikethrough != nil { shown.insert(.strikethrough) }
        return shown
    }
}
