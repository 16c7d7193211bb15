/// Bands of equal extent along a scroll axis: the geometry of a cache's spatial index, and of
/// ``ElementSink``'s order check, which must agree with it bit for bit.
///
/// Band `b` holds the coordinates `v` with `⌊v · inverse⌋ = b`, clamped to the bands there
/// are; NaN and negative coordinates go to band 0. The product by the reciprocal is
/// monotonic, so elements ordered by coordinate are ordered by band.
public struct BandGeometry: Hashable, Sendable {
    /// The extent of one band along the axis, > 0.
    public let bandExtent: Double
    /// `1 / bandExtent`.
    public let inverseExtent: Double
    /// The index of the last band, `bandCount − 1`.
    public let lastBand: Int

    /// `bandCount ≥ 1` bands (fewer reads as 1) `bandExtent > 0` long.
    @inlinable
    public init(bandExtent: Double, bandCount: Int) {
        self.bandExtent = bandExtent
        self.inverseExtent = 1 / bandExtent
        self.lastBand = max(bandCount, 1) - 1
    }

    /// The number of bands.
    @inlinable public var bandCount: Int { lastBand + 1 }

    /// The band that holds axis coordinate `v`.
    @inlinable @inline(__always)
    public func band(of v: Double) -> Int {
        let raw = v * inverseExtent
        guard raw > 0 else { return 0 }
        return raw >= Double(lastBand) ? lastBand : Int(raw)
    }
}

/// Where a layout that adopts ``ScrollOrderedEnumeration`` writes its elements in bulk: the
/// arrays of a cache under construction, in band order.
///
/// The sink checks, element by element, that the order is the one the cache keeps: bands
/// (of the frames' start along the scroll axis) never decrease. On content that scrolls both
/// ways the cache keeps each band sorted by `minX` then ID; elements that come otherwise
/// within a band (two short rows starting in one band) are sorted by the sink when the band
/// ends, by insertion, so an order that is nearly right costs little. When a band comes
/// before the last one, or the arrays are full, or a path does not fit an ``ElementID``, the
/// sink stops taking elements (``isStopped``) and the cache is built from rect queries
/// instead (or, when full, again with more room): a layout can never make the cache wrong,
/// only slower.
///
/// Frames with a zero or negative width or height are left out, as every rect query leaves
/// them out (law 1 of ``GridLayout``).
public struct ElementSink {
    /// Why the sink stopped taking elements.
    public enum Stop: Hashable, Sendable {
        /// The arrays are full: the layout places more elements than the cache made room for.
        case full
        /// An element's band came before the last one's.
        case outOfOrder
        /// An element's path does not fit an ``ElementID``.
        case pathOutOfRange(ItemPath)
    }

    @usableFromInline let frames: UnsafeMutablePointer<Rect>
    @usableFromInline let ids: UnsafeMutablePointer<ElementID>
    @usableFromInline let capacity: Int
    @usableFromInline let geometry: BandGeometry
    @usableFromInline let alongX: Bool
    @usableFromInline let sortsAcross: Bool
    /// The number of elements written.
    @inlinable public var count: Int { written }
    @usableFromInline var written = 0
    /// `bandStarts[b]` is the position of the first element of band `b`, for every band up
    /// to the current one; the cache completes it.
    public private(set) var bandStarts: [Int32]
    @usableFromInline var band = 0
    @usableFromInline var lastMinX = -Double.infinity
    /// The start along the axis of the last element taken (NaN before the first).
    @usableFromInline var lastStart = Double.nan
    @usableFromInline var lastID = ElementID(rawValue: 0)
    /// Whether the current band's elements came out of `minX`-then-ID order.
    @usableFromInline var bandUnsorted = false
    /// Why the sink stopped, or `nil` while it takes elements.
    public private(set) var stop: Stop?
    /// Whether ``stop`` is set: one byte for the hot path to test.
    @usableFromInline var halted = false

    /// A sink writing into `frames` and `ids` (each `capacity` long), with bands of
    /// `geometry` along x when `alongX` (else y), each band sorted by `minX` then ID when
    /// `sortsAcross`.
    ///
    /// The caller keeps the memory alive and initialised for as long as the sink is used.
    public init(
        frames: UnsafeMutablePointer<Rect>, ids: UnsafeMutablePointer<ElementID>, capacity: Int, geometry: BandGeometry,
        alongX: Bool, sortsAcross: Bool
    ) {
        self.frames = frames
        self.ids = ids
        self.capacity = capacity
        self.geometry = geometry
        self.alongX = alongX
        self.sortsAcross = sortsAcross
        bandStarts = [0]
        bandStarts.reserveCapacity(geometry.bandCount + 1)
    }

    /// Whether the sink has stopped taking elements: a layout may stop enumerating then.
    @inlinable public var isStopped: Bool { halted }

    /// Writes the element of `kind` at `path` with `frame`, or checks that it may not: see
    /// the type's documentation.
    @inlinable @inline(__always)
    public mutating func append(_ kind: ElementKind, _ path: ItemPath, _ frame: Rect) {
        guard !halted, frame.size.width > 0, frame.size.height > 0 else { return }
        // ElementID's limits, as literals: its static lets are not constants across modules.
        guard UInt(bitPattern: path.section) <= 0x0FFF_FFFF, UInt(bitPattern: path.item) <= 0xFFFF_FFFF else {
            halt(.pathOutOfRange(path))
            return
        }
        let id = ElementID(kind: kind, path: path)
        let minX = frame.origin.x
        // An element starting where the last one did (the next cell of a row) is in its
        // band: only a new start is mapped to a band.
        let start = alongX ? minX : frame.origin.y
        if start != lastStart {
            lastStart = start
            let elementBand = geometry.band(of: start)
            if elementBand != band {
                guard elementBand > band else {
                    halt(.outOfOrder)
                    return
                }
                advance(to: elementBand)
            }
        }
        if sortsAcross && (minX < lastMinX || (minX == lastMinX && id < lastID)) { bandUnsorted = true }
        guard written < capacity else {
            halt(.full)
            return
        }
        frames[written] = frame
        ids[written] = id
        written += 1
        lastMinX = minX
        lastID = id
    }

    /// Stops taking elements, for `reason`.
    @usableFromInline
    mutating func halt(_ reason: Stop) {
        stop = reason
        halted = true
    }

    /// Starts band `newBand`, later than the current one: every band in between starts (and
    /// ends) here.
    @usableFromInline
    mutating func advance(to newBand: Int) {
        if bandUnsorted { sortCurrentBand() }
        let position = Int32(truncatingIfNeeded: written)
        while band < newBand {
            bandStarts.append(position)
            band += 1
        }
        lastMinX = -Double.infinity
    }

    /// Completes ``bandStarts`` with the start (and end) of every band after the current
    /// one: `bandCount + 1` entries in all.
    public mutating func finish() {
        advance(to: geometry.bandCount)
    }

    /// Sorts the current band's elements by `minX`, then ID: an insertion sort over both
    /// arrays, each element out of place moved to its place in one block copy.
    @usableFromInline
    mutating func sortCurrentBand() {
        bandUnsorted = false
        let begin = Int(bandStarts[band]), end = written
        let frameStride = MemoryLayout<Rect>.stride, idStride = MemoryLayout<ElementID>.stride
        var j = begin + 1
        while j < end {
            let frame = frames[j], id = ids[j]
            func precedes(_ k: Int) -> Bool {
                frame.origin.x != frames[k].origin.x ? frame.origin.x < frames[k].origin.x : id < ids[k]
            }
            if precedes(j - 1) {
                var k = j - 1
                while k > begin && precedes(k - 1) { k -= 1 }
                UnsafeMutableRawPointer(frames + k + 1).copyMemory(from: frames + k, byteCount: (j - k) * frameStride)
                UnsafeMutableRawPointer(ids + k + 1).copyMemory(from: ids + k, byteCount: (j - k) * idStride)
                frames[k] = frame
                ids[k] = id
            }
            j += 1
        }
    }
}

/// A layout that can write every element it places straight into a cache's arrays, in the
/// cache's order, faster than the rect queries a cache is otherwise built from.
///
/// The cached strategy asks for this first. The sink checks the order as the elements come
/// (``ElementSink``) and, when it is broken, builds from rect queries instead, so a mistake
/// in the order costs time, never a wrong answer. What the elements are is the adopter's
/// promise: exactly the elements that rect queries over the whole content return, each
/// once, with the same frames bit for bit (law 1 of ``GridLayout``), and no group positions
/// (a layout that sets them is cached from its queries). GridBench's own adopters have tests
/// that build their cache both ways and compare every array.
public protocol ScrollOrderedEnumeration: GridLayout {
    /// Appends every element to `sink` in order of the band its frame starts in along the
    /// scroll axis: enumerating by the frames' start along the axis (`minY`, or `minX` for a
    /// horizontal layout) keeps that order. On content that scrolls both ways the sink sorts
    /// each band by `minX`, then ID, cheaply when they come nearly so. May return early once
    /// `sink.isStopped`.
    func enumerateElements(into sink: inout ElementSink)
}
