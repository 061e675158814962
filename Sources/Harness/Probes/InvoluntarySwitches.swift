#if canImport(Glibc)
    import Glibc
#endif

/// The process's involuntary context switches so far (`getrusage`'s
/// `ru_nivcsw`: the machine gave the processor to another process before
/// this one was done). Read before and after a frame, outside its clock: a
/// slow frame with a switch in it was waiting for the processor, one
/// without is ours. Used by `framebench run` and `layout-bench`.
public enum InvoluntarySwitches {
    /// The count so far (0 when `getrusage` fails).
    public static func now() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
            let who = __rusage_who_t(truncatingIfNeeded: RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        return usage.ru_nivcsw
    }
}
