/// Makes a counted child's initial stack sit at the same alignment whatever
/// the lengths of its path, arguments and environment.
///
/// The kernel (here valgrind, which builds the client's stack) copies the
/// argument and environment strings to the top of the stack and the pointer
/// arrays below them, so their sizes decide where `main`'s stack begins.
/// Code whose path depends on a stack address's alignment (`memcpy`
/// variants, the Swift runtime) then executes a different number of
/// instructions: one more character in an environment variable changed the
/// probe's count by 60. Padding the strings to a multiple of a page, and the
/// pointers to a multiple of 64 bytes, takes the accident out, so counts
/// agree between machines with different paths and environments.
enum StackAlignment {
    /// Name of the variable whose value is the padding.
    static let paddingKey = "FRAMEBENCH_STACK_PADDING"
    /// Prefix of the variables that round up the number of pointers.
    static let slotKeyPrefix = "FRAMEBENCH_STACK_SLOT_"

    /// `environment` plus padding variables, so that the strings of
    /// `arguments` (argv, with argv[0] the executable, which the loader also
    /// copies once more for `AT_EXECFN`) and of the environment add up to a
    /// multiple of 4,096 bytes, and argc + envc to a multiple of 8.
    /// - Complexity: O(total length of the strings).
    static func padded(_ environment: [String: String], arguments: [String]) -> [String: String] {
        var padded = environment.filter { !$0.key.hasPrefix(paddingKey) && !$0.key.hasPrefix(slotKeyPrefix) }
        // One more variable for the padding itself, then slots up to a multiple of 8.
        var pointers = arguments.count + padded.count + 1
        var slot = 0
        while pointers % 8 != 0 {
            padded["\(slotKeyPrefix)\(slot)"] = ""
            slot += 1
            pointers += 1
        }
        let executableName = arguments.first.map { $0.utf8.count + 1 } ?? 0
        let argumentBytes = arguments.reduce(0) { $0 + $1.utf8.count + 1 }
        let environmentBytes = padded.reduce(0) { $0 + $1.key.utf8.count + 1 + $1.value.utf8.count + 1 }
        let fixed = executableName + argumentBytes + environmentBytes + paddingKey.utf8.count + 2
        padded[paddingKey] = String(repeating: "x", count: (4096 - fixed % 4096) % 4096)
        return padded
    }
}
