import GridCore

/// A one-dimensional spatial index over element frames: the content is cut into bands of
/// equal extent along the scroll axis, and elements are stored ordered by the band they
/// start in.
///
/// A query over `[a, b)` along the axis scans the elements starting in the bands from the
/// one before `a`'s to `b`'s: an element starting in the band just before can reach into
/// `a`'s band. Elements that span three bands or more (taller than a band) could reach
/// from further back; each band lists those in its *spill*, which the query reads for the
/// first band only. Each element is therefore scanned at most once.
///
/// Band membership uses one function for elements and queries (`⌊v / bandExtent⌋`,
/// clamped, computed as a multiplication by the reciprocal, which is monotonic), and an
/// element's last band is that of the largest coordinate below its far edge
/// (`maxY.nextDown`), so floating-point rounding cannot lose an element.
///
/// - Complexity: a query is O(B + m) for the B bands it spans (plus one) and the m
///   elements starting in them or spilling into the first; with bands about one line
///   high, O(1 + k) for k results. Memory: 4 bytes per band, and for elements taller than
///   a band 4 bytes per band they cross.
@usableFromInline
struct BandIndex: Sendable {
    /// How coordinates map to bands: GridCore's, which ``ElementSink`` checks orders by.
    @usableFromInline typealias Geometry = BandGeometry

    @usableFromInline let geometry: Geometry
    @inlinable var bandExtent: Double { geometry.bandExtent }
    @inlinable var lastBand: Int { geometry.lastBand }
    /// `bandStarts[b] ..< bandStarts[b + 1]` are the positions of the elements starting in
    /// band `b`; the element arrays are ordered by band.
    @usableFromInline var bandStarts: [Int32]
    /// Empty when no element spans three bands; otherwise `spillStarts[b] ..<
    /// spillStarts[b + 1]` index `spill`: the positions of elements that start two or more
    /// bands before `b` and reach into it.
    @usableFromInline var spillStarts: [Int32]
    @usableFromInline var spill: [Int32]

    /// The number of bands.
    @inlinable var bandCount: Int { lastBand + 1 }

    /// An index of `bandCount ≥ 1` bands `bandExtent > 0` long, with no elements yet; its
    /// band starts are kept in `starts`' storage (a previous index's) when that has the room.
    @usableFromInline
    init(bandExtent: Double, bandCount: Int, reusing starts: [Int32] = []) {
        self.geometry = Geometry(bandExtent: bandExtent, bandCount: bandCount)
        self.bandStarts = starts
        self.bandStarts.removeAll(keepingCapacity: true)
        self.bandStarts.append(0)
        self.bandStarts.reserveCapacity(bandCount + 1)
        self.spillStarts = []
        self.spill = []
    }

    /// The band that holds axis coordinate `v`; see ``Geometry/band(of:)``.
    @inlinable @inline(__always)
    func band(of v: Double) -> Int { geometry.band(of: v) }

    /// The band holding the element at `position` of the arrays: the last band starting at
    /// or before it (empty bands start where the next does).
    /// - Complexity: O(log B).
    func band(holdingPosition position: Int) -> Int {
        var low = 0, high = bandStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(bandStarts[mid]) <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The first position of the band holding the element at `position`.
    func bandStart(holding position: Int) -> Int { Int(bandStarts[band(holdingPosition: position)]) }

    /// The position after the last element of the band holding the element at `position`.
    func bandEnd(holding position: Int) -> Int { Int(bandStarts[band(holdingPosition: position) + 1]) }

    /// Lists `tall` elements (position, first band, last band), each spanning three bands
    /// or more, in the spill of every band from its third to its last.
    @usableFromInline
    mutating func buildSpill(_ tall: [(position: Int32, first: Int, last: Int)]) {
        guard !tall.isEmpty else {
            spillStarts = []
            spill = []
            return
        }
        var counts = [Int32](repeating: 0, count: bandCount + 1)
        for element in tall {
            for band in (element.first + 2)...element.last { counts[band] += 1 }
        }
        var starts = [Int32](repeating: 0, count: bandCount + 1)
        var running: Int32 = 0
        for band in 0..<bandCount {
            starts[band] = running
            running += counts[band]
        }
        starts[bandCount] = running
        var entries = [Int32](repeating: 0, count: Int(running))
        var next = starts
        for element in tall {
            for band in (element.first + 2)...element.last {
                entries[Int(next[band])] = element.position
                next[band] += 1
            }
        }
        spillStarts = starts
        spill = entries
    }
}
