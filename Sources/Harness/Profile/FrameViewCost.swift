/// The view that cost a frame's layout the most: its node path and its own
/// (self) time and allocations in that frame, children excluded.
public struct FrameViewCost: Equatable, Sendable {
    /// Node types from the root, `ProfileFeedView/ScrollNode/LazyStackNode/TweetRow`.
    public var path: String
    public var nanoseconds: Int
    public var allocations: Int

    public init(path: String, nanoseconds: Int, allocations: Int) {
        self.path = path
        self.nanoseconds = nanoseconds
        self.allocations = allocations
    }
}
