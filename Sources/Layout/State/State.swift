@_spi(Reflection) import Swift
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

/// How many `@State` storages were made, since the process started: a lazy
/// stack compares it around building and updating its rows to know whether
/// any of them may own state (`LazyStackNode.isReusable`). On the one
/// thread that drives views.
enum StateStorages {
    @exclusivity(unchecked) nonisolated(unsafe) static var made: UInt64 = 0
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
        StateStorages.made &+= 1
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
        ViewStateChanges.count &+= 1
        host?.invalidate()
    }
}

/// How many times any view's `@State` was set, process-wide: a lazy stack
/// leaves a row with an equal view alone only if none was set since that
/// row's node last saw its view (the state may be the row's own). Counted
/// on the one thread that drives views.
enum ViewStateChanges {
    @exclusivity(unchecked) nonisolated(unsafe) static var count: UInt64 = 0
}

enum StateSlots {
    /// View types known to have no state: looked up first, as most views are.
    nonisolated(unsafe) private static var stateless = Set<ObjectIdentifier>()
    /// Where each view type with state keeps it: byte offsets and types, in
    /// declaration order (nil: not a struct). Read once per view type from the
    /// runtime's field metadata; `Mirror` allocated five times each time a
    /// view with state was built or updated.
    nonisolated(unsafe) private static var layouts = [ObjectIdentifier: [StateField]?]()

    struct StateField {
        let offset: Int
        let type: any StateSlotHolder.Type
    }

    /// Calls `body` with each `@State` and `@Namespace` property of `view`, in declaration order.
    static func forEach<V: View>(in view: V, _ body: (AnyStateSlot) -> Void) {
        if stateless.contains(ObjectIdentifier(V.self)) { return }
        guard let fields = layout(of: V.self) else {
            // Not a struct (a class or enum view): its fields are not laid out inline.
            for child in Mirror(reflecting: view).children {
                if let holder = child.value as? StateSlotHolder { body(holder.anySlot) }
            }
            return
        }
        if fields.isEmpty { return }
        withUnsafeBytes(of: view) { bytes in
            for field in fields { body(slot(field.type, in: bytes, at: field.offset)) }
        }
    }

    private static func slot<H: StateSlotHolder>(_: H.Type, in bytes: UnsafeRawBufferPointer, at offset: Int)
        -> AnyStateSlot
    {
        // The field sits at its own alignment inside the view's bytes; `load`
        // copies it (retaining its slot), as reading the property would.
        bytes.load(fromByteOffset: offset, as: H.self).anySlot
    }

    /// The state fields of a struct view type; nil for other kinds of type.
    private static func layout<V: View>(of type: V.Type) -> [StateField]? {
        let key = ObjectIdentifier(type)
        if let known = layouts[key] { return known }
        var fields: [StateField] = []
        let isStruct = _forEachField(of: type) { _, offset, fieldType, _ in
            if let holder = fieldType as? any StateSlotHolder.Type {
                fields.append(StateField(offset: offset, type: holder))
            }
            return true
        }
        if isStruct && fields.isEmpty {
            stateless.insert(key)
            return fields
        }
        let found = isStruct ? fields : nil
        // updateValue, not `layouts[key] = found`: assigning nil through the
        // subscript removes the key, and a type that is not a struct was then
        // looked up (field metadata and Mirror) on every build and update.
        layouts.updateValue(found, forKey: key)
        return found
    }
}
