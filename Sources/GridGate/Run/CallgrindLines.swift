/// The lines of a callgrind out file, read once for every use the gate has of them (the
/// instruction counts of ``Callgrind``, the function costs of ``CallgrindProfile``).
///
/// The format: `fn=` and `cfn=` name functions (`(id) name` the first time when names are
/// compressed, `(id)` after); a line starting with a number (or `+`, `-`, `*`: relative
/// positions) is a cost line, positions then events (`Ir` first), of the current function,
/// except the line after `calls=`, which is the inclusive cost of a call from the current
/// function to the last `cfn=`; `positions:` says how many position columns there are;
/// `totals:` and `summary:` give the whole run's events.
enum CallgrindLines {
    /// One meaningful line, with names resolved.
    enum Record {
        /// `cost` instructions in `function`'s own code.
        case cost(function: String, cost: Int)
        /// A call from `caller` to `callee`, which cost `cost` instructions inclusive.
        case call(caller: String, callee: String, cost: Int)
        /// The `totals:` line's first event.
        case totals(Int)
        /// The `summary:` line's first event.
        case summary(Int)
    }

    /// Calls `visit` with every record of `text`, in order.
    ///
    /// - Complexity: O(lines).
    static func read(_ text: String, _ visit: (Record) -> Void) {
        var names: [String: String] = [:]
        /// `(12) malloc` → "malloc", remembered; `(12)` → the name given before; `malloc` → itself.
        func name(_ value: Substring) -> String {
            guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else { return String(value) }
            let id = String(value[value.index(after: value.startIndex) ..< close])
            let rest = value[value.index(after: close)...].trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { names[id] = rest }
            return names[id] ?? id
        }
        var positions = 1
        var function = "", callee = ""
        var callCostFollows = false
        func cost(_ line: Substring) -> Int {
            let fields = line.split(separator: " ")
            return fields.count > positions ? Int(fields[positions]) ?? 0 : 0
        }
        func firstEvent(_ line: Substring, after prefix: String) -> Int? {
            line.dropFirst(prefix.count).split(separator: " ").first.flatMap { Int($0) }
        }
        for line in text.split(whereSeparator: \.isNewline) {
            guard let first = line.first else { continue }
            if callCostFollows {
                callCostFollows = false
                visit(.call(caller: function, callee: callee, cost: cost(line)))
            } else if first.isNumber || first == "+" || first == "-" || first == "*" {
                visit(.cost(function: function, cost: cost(line)))
            } else if line.hasPrefix("fn=") {
                function = name(line.dropFirst(3))
            } else if line.hasPrefix("cfn=") {
                callee = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                callCostFollows = true
            } else if line.hasPrefix("positions:") {
                positions = max(1, line.dropFirst("positions:".count).split(separator: " ").count)
            } else if line.hasPrefix("totals:") {
                if let total = firstEvent(line, after: "totals:") { visit(.totals(total)) }
            } else if line.hasPrefix("summary:") {
                if let summary = firstEvent(line, after: "summary:") { visit(.summary(summary)) }
            }
        }
    }
}
