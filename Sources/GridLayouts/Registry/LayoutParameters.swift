import GridCore

// Each reference layout lists its parameters once, as `LayoutParameter` values: a field name
// and the property that stores it. Its `Codable` form (a golden fixture's `parameters`),
// the parameter half of its spec form and its spec field names all follow from that one
// list, in its order, so that a parameter cannot be read but not written, or written under
// another name, or left out of the fields a spec reader accepts.
//
// Internal: the configurations' public `init(from:)` and `encode(to:)` stay declared on each
// configuration, each one line calling into the list. The list does not replace Codable
// synthesis behind the compiler's back, and the public API is unchanged.

/// Where a configuration's parameters are read and written.
enum LayoutParameterForm: Sendable {
    /// The configuration's own `Codable` form: a golden fixture's `parameters` object.
    /// Every listed parameter; those listed `requiredInParameters` must be present.
    case parameters
    /// A spec file's top level, beside `name`, `layout`, `container` and the layout's data
    /// fields. Only the parameters listed `inSpec`, each optional.
    case spec
}

/// A parameter's field name as a coding key: any string, no integer value (so that a
/// field path reads `itemSpacing`, never `[3]`).
struct LayoutParameterKey: CodingKey, Sendable {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// One parameter of a layout configuration: the field name files use, and how it is read
/// into and written from the configuration.
///
/// Reading a field: left out or `null`, the configuration keeps the value it had (the
/// default of the value reading started from); of the wrong type, the field's type throws
/// its `DecodingError`, whose coding path names the field. Writing: the value as its type
/// encodes it, under the same name.
struct LayoutParameter<Configuration>: Sendable {
    /// The field's name in files and on the command line: `itemSpacing`.
    let name: String
    /// Whether a spec file holds this parameter beside the data (some are data in the
    /// spec form: the data grid's `fields`), or derives it from the data (the waterfall's
    /// `itemSizing`).
    let isInSpec: Bool
    private let read: @Sendable (inout Configuration, KeyedDecodingContainer<LayoutParameterKey>, LayoutParameterForm) throws -> Void
    private let write: @Sendable (Configuration, inout KeyedEncodingContainer<LayoutParameterKey>) throws -> Void

    /// The parameter `name`, stored at `property`.
    ///
    /// - Parameters:
    ///   - name: The field's name.
    ///   - property: Where the configuration stores it.
    ///   - omitted: A value written by leaving the field out (the tile grid's
    ///     `sectionFooterHeight` of 0, so that files written before footers existed read
    ///     the same); `nil` writes every value.
    ///   - requiredInParameters: Whether the parameters form must hold the field (a
    ///     `DecodingError.keyNotFound` otherwise); a spec may always leave it out.
    ///   - inSpec: Whether a spec holds it (see ``isInSpec``).
    init<Value: Codable & Equatable & Sendable>(
        _ name: String, _ property: WritableKeyPath<Configuration, Value> & Sendable,
        omittedWhen omitted: Value? = nil, requiredInParameters: Bool = false, inSpec: Bool = true
    ) {
        self.name = name
        self.isInSpec = inSpec
        read = { configuration, container, form in
            let key = LayoutParameterKey(name)
            if requiredInParameters && form == .parameters {
                configuration[keyPath: property] = try container.decode(Value.self, forKey: key)
            } else if let value = try container.decodeIfPresent(Value.self, forKey: key) {
                configuration[keyPath: property] = value
            }
        }
        write = { configuration, container in
            let value = configuration[keyPath: property]
            if let omitted, value == omitted { return }
            try container.encode(value, forKey: LayoutParameterKey(name))
        }
    }

    /// The optional parameter `name`, stored at `property`: `nil` is written by leaving
    /// the field out, and a field left out or `null` keeps the value the configuration had.
    ///
    /// - Parameters:
    ///   - name: The field's name.
    ///   - property: Where the configuration stores it.
    ///   - inSpec: Whether a spec holds it (see ``isInSpec``).
    init<Wrapped: Codable & Equatable & Sendable>(
        optional name: String, _ property: WritableKeyPath<Configuration, Wrapped?> & Sendable, inSpec: Bool = true
    ) {
        self.name = name
        self.isInSpec = inSpec
        read = { configuration, container, _ in
            if let value = try container.decodeIfPresent(Wrapped.self, forKey: LayoutParameterKey(name)) {
                configuration[keyPath: property] = value
            }
        }
        write = { configuration, container in
            try container.encodeIfPresent(configuration[keyPath: property], forKey: LayoutParameterKey(name))
        }
    }

    /// Whether `form` reads and writes this parameter.
    func belongs(to form: LayoutParameterForm) -> Bool { form == .parameters || isInSpec }

    /// Reads the field into `configuration` (see the type's discussion).
    func decode(into configuration: inout Configuration, from container: KeyedDecodingContainer<LayoutParameterKey>, in form: LayoutParameterForm) throws {
        try read(&configuration, container, form)
    }

    /// Writes the field from `configuration`.
    func encode(_ configuration: Configuration, to container: inout KeyedEncodingContainer<LayoutParameterKey>) throws {
        try write(configuration, &container)
    }
}

/// A configuration whose parameters are listed once, in ``parameters``, and read, written
/// and named through the list.
///
/// A conforming configuration declares its public `init(from:)` and `encode(to:)` as one
/// line each, calling ``init(decodingParametersFrom:startingFrom:in:)`` and
/// ``encodeParameters(to:in:)``; its `decodeSpec(from:)` and `encodeSpec(data:to:)` read
/// and write its data fields, and its parameters through the same two; its
/// `specFieldNames` are its data fields' names and ``parameterNames(in:)``. Fields whose
/// reading the list cannot express (a span grid's `rows`, read as runs and checked as
/// written) stay in the configuration's own code, beside the list.
protocol LayoutParameterList {
    /// Every parameter, in the order files write them (and `specFieldNames` lists them).
    static var parameters: [LayoutParameter<Self>] { get }
}

extension LayoutParameterList {
    /// The names of the parameters `form` holds, in list order.
    static func parameterNames(in form: LayoutParameterForm = .parameters) -> [String] {
        parameters.filter { $0.belongs(to: form) }.map(\.name)
    }

    /// Reads the parameters `form` holds from the decoder's keyed container, in list order,
    /// into this configuration; a field left out keeps its value here.
    mutating func decodeParameters(from decoder: any Decoder, in form: LayoutParameterForm = .parameters) throws {
        let container = try decoder.container(keyedBy: LayoutParameterKey.self)
        for parameter in Self.parameters where parameter.belongs(to: form) {
            try parameter.decode(into: &self, from: container, in: form)
        }
    }

    /// `defaults` with the parameters `form` holds read from `decoder`: a field left out
    /// takes its value in `defaults`.
    init(decodingParametersFrom decoder: any Decoder, startingFrom defaults: Self, in form: LayoutParameterForm = .parameters) throws {
        self = defaults
        try decodeParameters(from: decoder, in: form)
    }

    /// Writes the parameters `form` holds to the encoder's keyed container, in list order
    /// (after any fields already written there: a spec's data).
    func encodeParameters(to encoder: any Encoder, in form: LayoutParameterForm = .parameters) throws {
        var container = encoder.container(keyedBy: LayoutParameterKey.self)
        for parameter in Self.parameters where parameter.belongs(to: form) {
            try parameter.encode(self, to: &container)
        }
    }
}
