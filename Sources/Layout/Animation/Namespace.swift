import FrameGrid

/// A source of ids for `matchedGeometryEffect`, stable for the life of the view that declares it.
@propertyWrapper
public struct Namespace: StateSlotHolder {
    let slot: StateSlot<ID>

    public init() { slot = StateSlot(ID.next()) }

    public var wrappedValue: ID { slot.value }

    /// A namespace's identity.
    public struct ID: Hashable, Sendable {
        let value: Int
        nonisolated(unsafe) private static var counter = 0
        static func next() -> ID {
            counter += 1
            return ID(value: counter)
        }
    }

    var anySlot: AnyStateSlot { slot }
}
