import GridCore

/// Item sizes that make bugs show which equal items hide.
public enum SizePattern: String, CaseIterable, Hashable, Sendable {
    /// Every item 40 × 40 but the middle one, 40 × 4000: a hundred times taller.
    case hundredfold
    /// 40 × 10 and 40 × 300 in turn: rows or lanes of mixed heights.
    case alternating
    /// 4000 × 4, 4 × 4000 and 40 × 40 in turn: far wider than tall, far taller than wide.
    case extremeAspect = "extreme-aspect"
    /// Seeded random sizes from 6 to 300 points each way.
    case varied
    /// Every item 400 × 4000.
    case huge

    /// The sizes of `count` items.
    public func sizes(_ count: Int) -> [Size] {
        switch self {
        case .hundredfold:
            return (0 ..< count).map { $0 == count / 2 ? Size(width: 40, height: 4000) : Size(width: 40, height: 40) }
        case .alternating:
            return (0 ..< count).map { $0 % 2 == 0 ? Size(width: 40, height: 10) : Size(width: 40, height: 300) }
        case .extremeAspect:
            let cycle = [Size(width: 4000, height: 4), Size(width: 4, height: 4000), Size(width: 40, height: 40)]
            return (0 ..< count).map { cycle[$0 % 3] }
        case .varied:
            var random = SeededRandom(seed: UInt64(count))
            return (0 ..< count).map { _ in Size(width: random.uniform(6 ... 300).rounded(), height: random.uniform(6 ... 300).rounded()) }
        case .huge:
            return Array(repeating: Size(width: 400, height: 4000), count: count)
        }
    }
}
