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
    /// - Throws: `InputError` naming the line and column: a row without two fields (or
    ///   three, with `offset_x`; every row as many as the first), a field that is not a
    ///   finite number, timestamps that do not increase, no rows at all.
    /// The most frames an import may produce unless raised: 1,000,000, over two hours at
    /// 120 Hz.
    public static let defaultMaxFrames = 1_000_000

    /// `progress` hears the line reached, every 65,536 lines from line 1.
    public static func csv(
        _ text: String, path: String, refreshHz: Int, viewport: Size, name: String, maxFrames: Int = defaultMaxFrames,
        progress: (_ line: Int) -> Void = { _ in }
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
            if lineNumber & 0xFFFF == 1 { progress(lineNumber) }
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
        // The frame count is known before any frame is made: the time span, not the number
        // of rows, decides it, and a span of 1e9 ms at 1000 Hz would be a billion frames.
        let step = 1000 / Double(refreshHz)
        let span = end - start
        let count = span.isFinite ? (span / step + 1e-9).rounded(.down) + 1 : .infinity
        guard count <= Double(maxFrames) else {
            throw InputError(
                file: path, field: "timestamp_ms", value: "a span of \(span) ms (\(start) to \(end))",
                expected: "at most \(maxFrames) frames at \(refreshHz) Hz, a span of at most \(Double(maxFrames - 1) * step) ms (raise the limit with --max-frames)")
        }
        var frames: [Point] = []
        frames.reserveCapacity(Int(count))
        var row = 0
        for k in 0..<Int(count) {
            let t = min(start + Double(k) * step, end)
            while row + 1 < times.count && times[row + 1] <= t { row += 1 }
            var y = offsets[row], x = offsetsX.isEmpty ? 0 : offsetsX[row]
            if row + 1 < times.count {
                let fraction = (t - times[row]) / (times[row + 1] - times[row])
                y = interpolate(offsets[row], offsets[row + 1], fraction)
                if !offsetsX.isEmpty { x = interpolate(offsetsX[row], offsetsX[row + 1], fraction) }
            }
            frames.append(Point(x: x, y: y))
        }
        return ScrollTrace(name: name, refreshHz: refreshHz, viewport: viewport, offsets: frames)
    }

    /// `a` + (`b` − `a`)·`fraction`, finite for any finite `a` and `b` (1e308 and −1e308,
    /// whose difference overflows, included) and `fraction` in 0...1.
    static func interpolate(_ a: Double, _ b: Double, _ fraction: Double) -> Double {
        let difference = b - a
        if difference.isFinite { return a + difference * fraction }
        return a * (1 - fraction) + b * fraction
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
