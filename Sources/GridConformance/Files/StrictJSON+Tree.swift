import Foundation
import GridCore

/// One parsed value.
final class Node {
    enum Value {
        case null
        case bool(Bool)
        /// The number's text as written, so that integers are read exactly.
        case number(String)
        case string(String)
        case array([Node])
        case object(Object)
    }

    /// An object's members in order, and which keys the decoder asked for and used.
    ///
    /// Kept in arrays searched in order: the objects of GridBench's files have a handful of
    /// members, for which comparing keys is cheaper than hashing them, and a file holds
    /// millions of objects (a dictionary and two sets each cost four allocations an object,
    /// the most of reading an answer file). An object of many members (a map's) gets an
    /// index by key when first searched.
    final class Object {
        /// The keys, in document order.
        private(set) var keys: [String] = []
        /// The members' values, in document order.
        private(set) var values: [Node] = []
        /// Per member, whether the decoder asked for it, and whether it used it.
        private var asked: [Bool] = []
        private var used: [Bool] = []
        /// The keys the decoder asked for that the object does not have, each once.
        private var askedMissing: [String] = []
        /// The position of each key, for an object of more than `linearLimit` members.
        private var positions: [String: Int]?
        /// Whether a decoder opened the object (a keyed container).
        var opened = false

        private static let linearLimit = 12

        /// The position of `key` among the members, `nil` when the object has no such key.
        func position(of key: String) -> Int? {
            if keys.count <= Self.linearLimit { return keys.firstIndex(of: key) }
            if positions == nil {
                var index: [String: Int] = [:]
                index.reserveCapacity(keys.count)
                for (position, key) in keys.enumerated() { index[key] = position }
                positions = index
            }
            return positions?[key]
        }

        /// Adds a member at the end. The parser has looked `key` up first: a key given twice
        /// is refused where it stands, before its value is read.
        func append(_ key: String, _ value: Node) {
            keys.append(key)
            values.append(value)
            asked.append(false)
            used.append(false)
            positions?[key] = keys.count - 1
        }

        /// The value of `key`, without marking it asked or used.
        func member(_ key: String) -> Node? {
            position(of: key).map { values[$0] }
        }

        /// Notes that the decoder asked for `key`; returns its position when the object has it.
        func ask(_ key: String) -> Int? {
            if let position = position(of: key) {
                asked[position] = true
                return position
            }
            if !askedMissing.contains(key) { askedMissing.append(key) }
            return nil
        }

        /// Notes that the decoder asked for `key` and, when the object has it, used it: its value.
        func take(_ key: String) -> Node? {
            guard let position = ask(key) else { return nil }
            used[position] = true
            return values[position]
        }

        /// Notes that the decoder asked for and used every member.
        func useAll() {
            for position in used.indices { (asked[position], used[position]) = (true, true) }
        }

        func isUsed(_ position: Int) -> Bool { used[position] }

        /// Whether the decoder asked for the member at `position` (it uses none it did not ask for).
        func isAsked(_ position: Int) -> Bool { asked[position] }

        /// The keys the decoder asked for: members and keys it looked for in vain.
        var known: Set<String> {
            var known = Set(askedMissing)
            for position in keys.indices where asked[position] { known.insert(keys[position]) }
            return known
        }
    }

    let value: Value

    init(_ value: Value) { self.value = value }

    var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as short JSON text, for messages.
    var text: String {
        let full: String
        switch value {
        case .null: full = "null"
        case .bool(let b): full = b ? "true" : "false"
        case .number(let n): full = n
        case .string(let s): full = "\"" + s + "\""
        case .array(let a): full = "[" + a.prefix(8).map(\.text).joined(separator: ", ") + (a.count > 8 ? ", …" : "") + "]"
        case .object(let o): full = "{" + o.keys.prefix(6).map { "\"\($0)\": …" }.joined(separator: ", ") + (o.keys.count > 6 ? ", …" : "") + "}"
        }
        return full.count > 80 ? String(full.prefix(80)) + "…" : full
    }

    /// The value at `path`, or `nil` when the path leads nowhere.
    func node(at path: [any CodingKey]) -> Node? {
        var current = self
        for key in path {
            switch current.value {
            case .object(let object):
                guard let next = object.member(key.stringValue) else { return nil }
                current = next
            case .array(let array):
                guard let index = key.intValue, array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The text of the value at `path`, or `nil` when the path leads nowhere.
    func text(at path: [any CodingKey]) -> String? {
        node(at: path)?.text
    }

    /// The object at `path`, or `nil`.
    func object(at path: [any CodingKey]) -> Object? {
        guard let node = node(at: path), case .object(let object) = node.value else { return nil }
        return object
    }

    /// The first key, depth first in document order, of an object the decoder read that it
    /// never asked for.
    func firstUnknownKey(path: [any CodingKey]) -> (path: [any CodingKey], key: String, known: Set<String>)? {
        var walked = path
        return firstUnknownKey(walking: &walked)
    }

    /// `firstUnknownKey(path:)`, with one path grown and shrunk along the walk: a path copied
    /// for every value of a large file cost more than reading the file.
    private func firstUnknownKey(walking path: inout [any CodingKey]) -> (path: [any CodingKey], key: String, known: Set<String>)? {
        switch value {
        case .object(let object):
            for (position, key) in object.keys.enumerated() {
                if object.opened && !object.isUsed(position) {
                    return (path + [StrictKey(key)], key, object.known)
                }
                let member = object.values[position]
                guard member.holdsContainers else { continue }
                path.append(StrictKey(key))
                defer { path.removeLast() }
                if let found = member.firstUnknownKey(walking: &path) { return found }
            }
        case .array(let array):
            for (index, element) in array.enumerated() where element.holdsContainers {
                path.append(StrictKey(index))
                defer { path.removeLast() }
                if let found = element.firstUnknownKey(walking: &path) { return found }
            }
        default:
            break
        }
        return nil
    }

    /// Whether the value is an object or an array (where an unknown key may hide).
    private var holdsContainers: Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }
}

/// A coding key by name or index.
struct StrictKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init(_ index: Int) { stringValue = "\(index)"; intValue = index }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(intValue) }
}
