import FrameGrid

/// A value a view owns. Changing it schedules a new frame in which the
/// screen's views are evaluated again; inside `withAnimation` the layout
/// change animates.
///
/// The storage lives in the view's node, not in the view value: views are
/// recreated on every update, and each new value is linked back to the
/// storage its predecessor used (by property order, found by reflection
/// when the view is built or updated, never on frames that only draw).
@propertyWrapper
public struct State<Value>: StateSlotHolder {
    let slot: StateSlot<Value>

    public init(wrappedValue: Value) { slot = StateSlot(wrappedValue) }
    public init(initialValue: Value) { slot = StateSlot(initialValue) }

    public var wrappedValue: Value {
        get { slot.value }
        nonmutating set { slot.value = newValue }
    }

    /// A binding to the value, for child views that change it.
    public var projectedValue: Binding<Value> {
        let slot = self.slot
        return Binding(get: { slot.value }, set: { slot.value = $0 })
    }

    var anySlot: AnyStateSlot { slot }
}

// MARK: Storage

protocol StateSlotHolder {
    var anySlot: AnyStateSlot { get }
}

/// The per-value handle a `State` holds; linked to persistent storage once its view is built.
class AnyStateSlot {
    func makeStorage(host: HostCore?) -> AnyObject { fatalError("subclass") }
    func link(_ storage: AnyObject) {}
}

final class StateSlot<Value>: AnyStateSlot {
    private var initial: Value
    private var storage: StateStorage<Value>?

    init(_ initial: Value) { self.initial = initial }

    var value: Value {
        get { storage?.value ?? initial }
        set {
            if let storage { storage.set(newValue) } else { initial = newValue }
        }
    }

    override func makeStorage(host: HostCore?) -> AnyObject {
        let storage = StateStorage(initial, host: host)
        self.storage = storage
        return storage
    }

    override func link(_ storage: AnyObject) { self.storage = storage as? StateStorage<Value> }
}

final class StateStorage<Value> {
    private(set) var value: Value
    weak var host: HostCore?

    init(_ value: Value, host: HostCore?) {
        self.value = value
        self.host = host
    }

    func set(_ newValue: Value) {
        value = newValue
        host?.invalidate()
    }
}

enum StateSlots {
    /// View types known to have no state: reflection is skipped for them.
    nonisolated(unsafe) private static var stateless = Set<ObjectIdentifier>()

    /// The `@State` and `@Namespace` properties of `view`, in declaration order.
    static func of<V: View>(_ view: V) -> [AnyStateSlot] {
        let type = ObjectIdentifier(V.self)
        if stateless.contains(type) { return [] }
        let slots = Mirror(reflecting: view).children.compactMap { ($0.value as? StateSlotHolder)?.anySlot }
        if slots.isEmpty { stateless.insert(type) }
        return slots
    }
}
