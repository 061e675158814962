/// Call stacks with instruction counts, one line each: `root;caller;callee N`
/// (the "folded stacks" that flame graph tools and speedscope read).
///
/// Callgrind records a call graph (each caller's inclusive cost per
/// callee), not whole stacks, so stacks are rebuilt from it: starting at
/// each root (a function no collected function called), a function's
/// inclusive cost on a path is split between its own code and its callees
/// in the proportions the graph gives, recursively. The split is done in
/// whole instructions with the remainder kept by the caller, so the lines
/// add up exactly to the roots' inclusive cost. A call back into a function
/// already on the stack (recursion, and the cycle callgrind records at
/// program start, where `(below main)` and `__libc_start_main` call each
/// other) is left out of the proportions: the path's cost is split between
/// the function's own code and its other callees, so a cycle's instructions
/// show in what the cycle ran, not as its caller's own (they did, as half
/// the graph's width under `__libc_start_main`). A path deeper than
/// `maximumDepth` or carrying less than `minimumShare` of all the
/// instructions stays with its caller's own line: without that bound, a
/// whole program's call graph unfolds into some 100 MB of stacks
/// (profile-feed, 50 frames).
///
/// - Complexity: O(paths kept x depth).
public struct FoldedStacks: Equatable, Sendable {
    /// Stacks (frames from the root) and their instructions, merged and sorted.
    public var lines: [(stack: [String], count: UInt64)] {
        counts.keys.sorted().map { (key: String) in (key.split(separator: ";").map(String.init), counts[key]!) }
    }
    /// The text `a;b;c N` per line, frame names with `;` made `:`.
    public var text: String { lines.map { "\($0.stack.joined(separator: ";")) \($0.count)" }.joined(separator: "\n") + "\n" }
    /// Instructions over every line.
    public var total: UInt64 { counts.values.reduce(0, +) }

    private var counts: [String: UInt64] = [:]

    public static func == (lhs: FoldedStacks, rhs: FoldedStacks) -> Bool { lhs.counts == rhs.counts }

    /// The stacks of `profile`, each name passed through `rename` (a demangler).
    public init(
        _ profile: CallgrindProfile, rename: (String) -> String = { $0 }, maximumDepth: Int = 96,
        minimumShare: Double = 1.0 / 20_000
    ) {
        let roots = FoldedStacks.roots(of: profile)
        let total = roots.reduce(UInt64(0)) { $0 + profile.inclusiveInstructions(of: $1) }
        var unfolding = Unfolding(
            profile: profile, maximumDepth: maximumDepth, minimumCount: max(1, UInt64(Double(total) * minimumShare)))
        for root in roots {
            let cost = profile.inclusiveInstructions(of: root)
            if cost > 0 { unfolding.visit(root, cost) }
        }
        counts = FoldedStacks.renamed(unfolding.counts, rename)
    }

    /// Where stacks start: the functions no collected function called, in name order.
    private static func roots(of profile: CallgrindProfile) -> [String] {
        var called: Set<String> = []
        for function in profile.functions.values {
            for (callee, call) in function.callees where call.inclusiveInstructions > 0 { called.insert(callee) }
        }
        return profile.functions.keys.filter { !called.contains($0) }.sorted()
    }

    /// `counts` with each frame name passed through `rename` and made a
    /// valid frame name (`frameName`); stacks that become one are merged.
    private static func renamed(_ counts: [String: UInt64], _ rename: (String) -> String) -> [String: UInt64] {
        var renamed: [String: UInt64] = [:]
        for (key, count) in counts {
            let stack = key.split(separator: ";", omittingEmptySubsequences: false).map {
                FoldedStacks.frameName(rename(FoldedStacks.unescape(String($0))))
            }
            renamed[stack.joined(separator: ";"), default: 0] += count
        }
        return renamed
    }

    /// The walk from a root down the call graph that splits each path's
    /// instructions between its function's own line and its callees' paths
    /// (see the type's summary): the path so far and the lines made.
    private struct Unfolding {
        let profile: CallgrindProfile
        let maximumDepth: Int
        /// A callee's share below this stays with its caller's own line.
        let minimumCount: UInt64
        var path: [String] = []
        var onPath: Set<String> = []
        /// Stacks (names escaped, joined by `;`) and their own instructions.
        var counts: [String: UInt64] = [:]

        /// A call's instructions less what the callee spends calling back into
        /// the stack (its part of them, by this call's share of the callee).
        func acyclic(_ callee: String, _ call: CallgrindProfile.CallCost) -> UInt64 {
            guard let function = profile.functions[callee] else { return call.inclusiveInstructions }
            let back = function.callees.filter { onPath.contains($0.key) }
                .reduce(UInt64(0)) { $0 + $1.value.inclusiveInstructions }
            let whole = profile.inclusiveInstructions(of: callee)
            guard back > 0, whole > 0 else { return call.inclusiveInstructions }
            let fraction = min(1, Double(call.inclusiveInstructions) / Double(whole))
            return call.inclusiveInstructions - min(call.inclusiveInstructions, UInt64(Double(back) * fraction))
        }

        /// `cost` instructions of the path ending in `name`: its callees'
        /// shares go down their paths, the rest is this path's own line.
        mutating func visit(_ name: String, _ cost: UInt64) {
            path.append(name)
            onPath.insert(name)
            defer {
                path.removeLast()
                onPath.remove(name)
            }
            let function = profile.functions[name] ?? CallgrindProfile.FunctionCost()
            // Calls back into the stack are left out of the proportions (see the type's summary).
            let callees = function.callees.filter { $0.value.inclusiveInstructions > 0 && !onPath.contains($0.key) }
                .sorted { $0.key < $1.key }
                .map { (name: $0.key, weight: acyclic($0.key, $0.value)) }
            let whole = callees.reduce(function.selfInstructions) { $0 + $1.weight }
            var own = cost
            if whole > 0, path.count < maximumDepth {
                for (callee, weight) in callees where weight > 0 {
                    // The callee's share of this path's cost, in whole instructions.
                    let share = UInt64((Double(cost) * Double(weight) / Double(whole)).rounded(.down))
                    guard share >= minimumCount, share <= own else { continue }
                    own -= share
                    visit(callee, share)
                }
            }
            if own > 0 { counts[path.map(FoldedStacks.escape).joined(separator: ";"), default: 0] += own }
        }
    }

    /// Parses folded text (`a;b N` lines); nil for a malformed line.
    public init?(text: String) {
        for line in text.split(separator: "\n") {
            guard let space = line.lastIndex(of: " "), let count = UInt64(line[line.index(after: space)...]),
                space > line.startIndex
            else { return nil }
            counts[String(line[..<space]), default: 0] += count
        }
    }

    // Names are kept with `;` escaped while stacks are built, so renaming sees the original name.
    private static func escape(_ name: String) -> String { name.replacingOccurrences(of: ";", with: "\u{1}") }
    private static func unescape(_ name: String) -> String { name.replacingOccurrences(of: "\u{1}", with: ";") }

    /// A frame name as the format allows it: no `;` (the separator), no line breaks, not empty.
    static func frameName(_ name: String) -> String {
        let cleaned = name.map { $0 == ";" ? ":" : $0.isNewline ? " " : $0 }
        return cleaned.isEmpty ? "?" : String(cleaned)
    }
}
