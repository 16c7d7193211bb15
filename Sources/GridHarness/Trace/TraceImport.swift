import GridCore

/// Imports the scroll log an app writes from its scroll callback, a CSV of
/// `timestamp_ms,offset` rows (or `timestamp_ms,offset,offset_x` for content that scrolls
/// both ways), and resamples it to a display refresh rate.
///
/// Frame `k` is at `t0 + k·1000/hz` milliseconds, for every such time up to the last row's;
/// its offset is interpolated linearly between the rows around it. A header row (any first
/// row whose first field is not a number) and blank lines are skipped.
public enum TraceImport {
    /// Parses and resamples `text`; `path` names the file in errors.
    ///
    /// - Throws: ``InputError`` naming the line and column: a row without two fields (or
    ///   three, with `offset_x`; every row as many as the first), a field that is not a
    ///   finite number, timestamps that do not increase, no rows at all.
    public static func csv(
        _ text: String, path: String, refreshHz: Int, viewport: Size, name: String
    ) throws(InputError) -> ScrollTrace {
        guard refreshHz >= 1, refreshHz <= 1000 else {
            throw InputError(file: path, field: "refreshHz", value: "\(refreshHz)", expected: "frames per second in 1...1000")
        }
        guard viewport.width.isFinite, viewport.width > 0, viewport.height.isFinite, viewport.height > 0 else {
            throw InputError(file: path, field: "viewport", value: viewport.description, expected: "a finite size > 0 in both dimensions")
        }
        var times: [Double] = []
        var offsets: [Double] = []
        var offsetsX: [Double] = []
        var columns: Int?
        var lineNumber = 0
        var sawContent = false
        // "\r\n" is one Character in Swift, and a newline.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            if line.allSatisfy(\.isWhitespace) { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
            defer { sawContent = true }
            if !sawContent && Double(fields[0]) == nil { continue }  // a header row
            guard fields.count == 2 || fields.count == 3, fields.count == columns ?? fields.count else {
                let expected = switch columns {
                case 2: "2 fields, as in the first row: timestamp_ms,offset"
                case 3: "3 fields, as in the first row: timestamp_ms,offset,offset_x"
                default: "2 fields (timestamp_ms,offset) or 3 (timestamp_ms,offset,offset_x)"
                }
                throw InputError(file: path, field: "line \(lineNumber)", value: "\(fields.count) fields", expected: expected)
            }
            columns = fields.count
            guard let time = Double(fields[0]), time.isFinite else {
                throw InputError(file: path, field: "line \(lineNumber).timestamp_ms", value: String(fields[0]), expected: "a finite number of milliseconds")
            }
            guard let offset = Double(fields[1]), offset.isFinite else {
                throw InputError(file: path, field: "line \(lineNumber).offset", value: String(fields[1]), expected: "a finite offset in points")
            }
            if let previous = times.last, time <= previous {
                throw InputError(
                    file: path, field: "line \(lineNumber).timestamp_ms", value: fields[0].description,
                    expected: "a timestamp after the previous row's \(previous)")
            }
            if fields.count == 3 {
                guard let x = Double(fields[2]), x.isFinite else {
                    throw InputError(file: path, field: "line \(lineNumber).offset_x", value: String(fields[2]), expected: "a finite horizontal offset in points")
                }
                offsetsX.append(x)
            }
            times.append(time)
            offsets.append(offset)
        }
        guard let start = times.first, let end = times.last else {
            throw InputError(file: path, field: "(document)", value: "no rows", expected: "rows of timestamp_ms,offset")
        }
        let step = 1000 / Double(refreshHz)
        var frames: [Point] = []
        var row = 0
        var k = 0
        while true {
            let t = start + Double(k) * step
            if t > end + 1e-9 { break }
            while row + 1 < times.count && times[row + 1] <= t { row += 1 }
            var y = offsets[row], x = offsetsX.isEmpty ? 0 : offsetsX[row]
            if row + 1 < times.count {
                let fraction = (t - times[row]) / (times[row + 1] - times[row])
                y = offsets[row] + (offsets[row + 1] - offsets[row]) * fraction
                if !offsetsX.isEmpty { x = offsetsX[row] + (offsetsX[row + 1] - offsetsX[row]) * fraction }
            }
            frames.append(Point(x: x, y: y))
            k += 1
        }
        return ScrollTrace(name: name, refreshHz: refreshHz, viewport: viewport, offsets: frames)
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var result = self
        while result.first?.isWhitespace == true { result = result.dropFirst() }
        while result.last?.isWhitespace == true { result = result.dropLast() }
        return result
    }
}
