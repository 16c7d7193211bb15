import GridCore

/// An edit of a layout's own structure, as a trace event carries it (a span grid's merge, a
/// row inserted): opaque to the trace format, which knows it by its `type` name and leaves
/// reading, writing and hashing it to the codec of the layout that takes it.
///
/// Two operations are equal when their names and values are.
public struct LayoutOperation: Hashable, Sendable, CustomStringConvertible {
    /// The event's `type`: `merge`, `insert-row`.
    public let name: String
    /// The layout's own value (`SpanGrid.Operation`), which a viewport hands to a layout
    /// that takes operations of its type (`EditableLayout`).
    public let value: any Hashable & Sendable
    let codec: LayoutOperationCodec

    /// `value`, carried with the codec of the layout whose operations it is.
    public init<Operation: Hashable & Sendable>(_ value: Operation, codec: LayoutOperationCodec) {
        self.value = value
        self.codec = codec
        self.name = codec.name(value)
    }

    public var description: String { codec.describe(value) }

    public static func == (a: LayoutOperation, b: LayoutOperation) -> Bool {
        a.name == b.name && AnyHashable(a.value) == AnyHashable(b.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(AnyHashable(value))
    }

    /// Writes the operation's fields (all but `frame` and `type`) into a trace event.
    public func encodeFields(to encoder: any Encoder) throws { try codec.encode(value, encoder) }

    /// Adds the operation's fields to a trace's content digest.
    public func digest(into add: (UInt64) -> Void) { codec.digest(value, add) }
}

/// How trace events carry one layout's operations: their `type` names, how one is read from
/// and written to an event's fields, and what it adds to a trace's digest. A layout's
/// registry entry gives it (``LayoutConfiguration/operationCodec``), so that the trace
/// format, the replay and the gate know no layout's operations by name.
public struct LayoutOperationCodec: Sendable {
    /// Every `type` name of the layout's operations.
    public let typeNames: [String]
    fileprivate let name: @Sendable (any Hashable & Sendable) -> String
    fileprivate let describe: @Sendable (any Hashable & Sendable) -> String
    fileprivate let decode: @Sendable (_ type: String, _ decoder: any Decoder) throws -> any Hashable & Sendable
    fileprivate let encode: @Sendable (any Hashable & Sendable, any Encoder) throws -> Void
    fileprivate let digest: @Sendable (any Hashable & Sendable, (UInt64) -> Void) -> Void

    /// A codec of the operations of type `Operation`.
    ///
    /// - Parameters:
    ///   - type: the layout's operation type.
    ///   - typeNames: the `type` names, one per kind of operation.
    ///   - name: an operation's `type` name.
    ///   - decode: reads an operation of the named type from an event's other fields
    ///     (throwing `GridError` or `DecodingError` for a bad one).
    ///   - encode: writes an operation's fields, without `frame` and `type`.
    ///   - digest: adds an operation's fields to a digest, each as 64 bits.
    public init<Operation: Hashable & Sendable & CustomStringConvertible>(
        _ type: Operation.Type, typeNames: [String],
        name: @escaping @Sendable (Operation) -> String,
        decode: @escaping @Sendable (_ type: String, _ decoder: any Decoder) throws -> Operation,
        encode: @escaping @Sendable (Operation, any Encoder) throws -> Void,
        digest: @escaping @Sendable (Operation, (UInt64) -> Void) -> Void
    ) {
        self.typeNames = typeNames
        self.name = { name($0 as! Operation) }
        self.describe = { ($0 as! Operation).description }
        self.decode = { try decode($0, $1) }
        self.encode = { try encode($0 as! Operation, $1) }
        self.digest = { digest($0 as! Operation, $1) }
    }

    /// Reads the operation of `type` from an event's fields, through `decoder`.
    public func operation(_ type: String, from decoder: any Decoder) throws -> LayoutOperation {
        let value = try decode(type, decoder)
        return LayoutOperation(codec: self, name: type, value: value)
    }
}

extension LayoutOperation {
    fileprivate init(codec: LayoutOperationCodec, name: String, value: any Hashable & Sendable) {
        self.codec = codec
        self.name = name
        self.value = value
    }
}

extension LayoutRegistry {
    /// The codec of the layouts' operations whose `type` is `name`, or `nil` when no layout
    /// of the registry takes an operation of that name.
    public static func operationCodec(forType name: String) -> LayoutOperationCodec? {
        for configuration in configurations {
            if let codec = configuration.operationCodec, codec.typeNames.contains(name) { return codec }
        }
        return nil
    }

    /// The `type` names of every layout's operations, in registry order.
    public static var operationTypeNames: [String] {
        configurations.flatMap { $0.operationCodec?.typeNames ?? [] }
    }
}
