import Foundation

/// Number formatting for reports.
///
/// Everything is formatted here, by integer arithmetic rather than the C library or a
/// locale, so that a report reads the same on every machine and a committed report
/// changes only when the measurements do.
public enum Format {
    /// `value` rounded half away from zero to `decimals` places: `fixed(1.25, decimals: 1)`
    /// is `"1.3"`. Non-finite values read `NaN`, `∞` and `−∞`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "−∞") }
        let places = max(0, min(decimals, 9))
        let scale = power10(places)
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^53 the digits are not exact anyway; print the rounded value as Swift does.
        guard scaled < 9.0e15 else { return value.rounded(.toNearestOrAwayFromZero).description }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var text = String(units / divisor)
        if places > 0 {
            let fraction = String(units % divisor)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return (value < 0 && units != 0 ? "-" : "") + text
    }

    /// `value` with `digits` significant digits but at most `maxDecimals` decimal places:
    /// `significant(1234.5)` is `"1235"`, `significant(12.345)` is `"12.3"`,
    /// `significant(0.0123)` is `"0.012"`. Zero is `"0"`.
    public static func significant(_ value: Double, digits: Int = 3, maxDecimals: Int = 3) -> String {
        guard value.isFinite else { return fixed(value, decimals: 0) }
        guard value != 0 else { return "0" }
        var decimals = places(for: abs(value), digits: digits, maxDecimals: maxDecimals)
        // 9.996 at two places rounds to 10.00: one digit too many, so take one place off.
        let rounded = (abs(value) * power10(decimals)).rounded(.toNearestOrAwayFromZero) / power10(decimals)
        if decimals > 0, rounded > 0, places(for: rounded, digits: digits, maxDecimals: maxDecimals) < decimals {
            decimals -= 1
        }
        return fixed(value, decimals: decimals)
    }

    /// `value` with at most `maxDecimals` places and no trailing zeros: `2000.0 → "2000"`,
    /// `0.50 → "0.5"`. For tick labels, where `2.00 µs` would be noise.
    public static func trimmed(_ value: Double, maxDecimals: Int = 2) -> String {
        var text = fixed(value, decimals: maxDecimals)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Nanoseconds as microseconds for table columns headed "µs": three significant digits,
    /// down to one nanosecond. `1200 → "1.20"`, `850 → "0.850"`, `123456 → "123"`.
    public static func micros(_ nanos: Double) -> String {
        significant(nanos / 1_000, digits: 3, maxDecimals: 3)
    }

    /// A duration in nanoseconds with its unit: `850 ns`, `1.20 µs`, `4.17 ms`, `1.23 s`.
    public static func duration(_ nanos: Double) -> String {
        let (scaled, unit) = durationUnit(nanos)
        return significant(scaled, digits: 3, maxDecimals: 2) + " " + unit
    }

    /// A duration for an axis tick: `1 µs`, `20 ns`, `10 ms`.
    public static func durationTick(_ nanos: Double) -> String {
        let (scaled, unit) = durationUnit(nanos)
        return trimmed(scaled, maxDecimals: 2) + " " + unit
    }

    /// Bytes in binary units: `512 B`, `140 KiB`, `4.58 MiB`, `1.17 GiB`.
    public static func bytes(_ bytes: Double) -> String {
        let (scaled, unit) = byteUnit(bytes)
        if unit == "B" { return fixed(scaled, decimals: 0) + " B" }
        return significant(scaled, digits: 3, maxDecimals: 2) + " " + unit
    }

    /// Bytes for an axis tick: `1 KiB`, `100 KiB`, `10 MiB`.
    public static func bytesTick(_ bytes: Double) -> String {
        let (scaled, unit) = byteUnit(bytes)
        return trimmed(scaled, maxDecimals: 2) + " " + unit
    }

    /// An integer with thousands separators: `10000000 → "10,000,000"`.
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// A tile count for an axis tick: `100`, `1k`, `10k`, `1M`, `10M`.
    public static func countTick(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e9 { return trimmed(value / 1e9, maxDecimals: 1) + "G" }
        if magnitude >= 1e6 { return trimmed(value / 1e6, maxDecimals: 1) + "M" }
        if magnitude >= 1e3 { return trimmed(value / 1e3, maxDecimals: 1) + "k" }
        return trimmed(value, maxDecimals: 2)
    }

    /// A share (0.5 is half) as a percentage: `0.01234 → "1.23 %"`.
    /// A finite share too large to multiply by 100 (over 1.8e306) reads in powers of ten,
    /// `"1.00e310 %"`, never `∞`.
    public static func percent(_ share: Double) -> String {
        let percent = share * 100
        guard share.isFinite, !percent.isFinite else { return significant(percent, digits: 3, maxDecimals: 3) + " %" }
        // Scale down by 10² first, then count the exponent up by the same.
        let exponent = Int(log10(abs(share)).rounded(.down))
        let mantissa = share / pow(10, Double(exponent))
        return fixed(mantissa, decimals: 2) + "e\(exponent + 2) %"
    }

    /// A multiple: `1.2 → "1.20×"`.
    public static func multiple(_ value: Double) -> String {
        significant(value, digits: 3, maxDecimals: 2) + "×"
    }

    /// A rate such as allocations per frame or hitch milliseconds per second.
    public static func rate(_ value: Double) -> String {
        significant(value, digits: 3, maxDecimals: 2)
    }

    private static func durationUnit(_ nanos: Double) -> (Double, String) {
        let magnitude = abs(nanos)
        if magnitude >= 1e9 { return (nanos / 1e9, "s") }
        if magnitude >= 1e6 { return (nanos / 1e6, "ms") }
        if magnitude >= 1e3 { return (nanos / 1e3, "µs") }
        return (nanos, "ns")
    }

    private static func byteUnit(_ bytes: Double) -> (Double, String) {
        let magnitude = abs(bytes)
        if magnitude >= 1_073_741_824 { return (bytes / 1_073_741_824, "GiB") }
        if magnitude >= 1_048_576 { return (bytes / 1_048_576, "MiB") }
        if magnitude >= 1_024 { return (bytes / 1_024, "KiB") }
        return (bytes, "B")
    }

    private static func places(for magnitude: Double, digits: Int, maxDecimals: Int) -> Int {
        let exponent = Int(log10Floor(magnitude))
        return max(0, min(maxDecimals, digits - 1 - exponent))
    }

    /// `floor(log10(x))` for `x > 0`, exact at powers of ten (where `log10` may land a hair low).
    static func log10Floor(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return 0 }
        var exponent = log10(x).rounded(.down)
        if power10(Int(exponent) + 1) <= x { exponent += 1 }
        if power10(Int(exponent)) > x { exponent -= 1 }
        return exponent
    }

    /// `10^n`, correctly rounded: exact for `0 ≤ n ≤ 22`, and `1 / 10^-n` (one rounding,
    /// so `power10(-3) == 0.001`) below.
    static func power10(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n.magnitude { result *= 10 }
        return n >= 0 ? result : 1 / result
    }
}
