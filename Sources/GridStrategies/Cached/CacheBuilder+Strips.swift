import GridCore

// MARK: - Filling from rect queries, strip by strip

extension CacheBuilder {
    /// Queries the base strip by strip and stores every element in band order in
    /// arrays of `capacity`; `false` when the base places more elements than that.
    mutating func fill(capacity: Int, query: (Rect, inout [LayoutAttributes]) -> Void, content: Size) throws(GridError) -> Bool {
        var failure: GridError?
        var fits = true
        var written = 0
        var frames: [Rect] = [], ids: [ElementID] = [], cellSlots: [Int32] = []
        lendArrays(&frames, &ids, &cellSlots, capacity: capacity)
        frames.withUnsafeMutableBufferPointer { frames in
            ids.withUnsafeMutableBufferPointer { ids in
                cellSlots.withUnsafeMutableBufferPointer { cellSlots in
                    var sink = Sink(frames: frames, ids: ids, cellSlots: cellSlots, count: 0)
                    do throws(GridError) {
                        fits = try strips(into: &sink, query: query, content: content)
                    } catch {
                        failure = error
                    }
                    written = sink.count
                }
            }
        }
        takeBackArrays(&frames, &ids, &cellSlots, written: written)
        if let failure { throw failure }
        guard fits else { return false }
        if positions.count > ids.count { positions.removeLast(positions.count - ids.count) }
        index.buildSpill(tall)
        return true
    }

    /// Strips of whole bands, each queried one band wider on both sides so that no
    /// rounding at a strip's edge can lose an element; an element is taken by the
    /// strip holding its start band only. Within a strip, elements usually come in band
    /// order already; when they do not, the strip is taken again sorted by band.
    private mutating func strips(into sink: inout Sink, query: (Rect, inout [LayoutAttributes]) -> Void, content: Size) throws(GridError) -> Bool {
        let cross = alongX ? content.height : content.width
        let bandsPerStrip = 64
        var buffer: [LayoutAttributes] = []
        var sorted: [LayoutAttributes] = []
        var stripFirst = 0
        while stripFirst < index.bandCount {
            let stripEnd = min(stripFirst + bandsPerStrip, index.bandCount)
            let lower = Double(stripFirst - 1) * index.bandExtent
            let upper = Double(stripEnd + 1) * index.bandExtent
            buffer.removeAll(keepingCapacity: true)
            let strip = alongX
                ? Rect(x: lower, y: 0, width: upper - lower, height: cross)
                : Rect(x: 0, y: lower, width: cross, height: upper - lower)
            query(strip, &buffer)
            if sortsAcross {
                computeBands(buffer)
                sortByBandThenX(&buffer)
            }
            let bands = stripFirst..<stripEnd
            let start = sink.count
            switch try take(buffer, bands: bands, into: &sink) {
            case .taken:
                break
            case .full:
                return false
            case .outOfOrder:
                sink.count = start
                tall.removeAll { $0.position >= Int32(truncatingIfNeeded: start) }
                index.bandStarts.removeSubrange((stripFirst + 1)...)
                sorted.removeAll(keepingCapacity: true)
                let index = self.index, alongX = self.alongX
                for element in buffer where bands.contains(index.band(of: alongX ? element.frame.minX : element.frame.minY)) {
                    sorted.append(element)
                }
                sorted.sort { index.band(of: alongX ? $0.frame.minX : $0.frame.minY) < index.band(of: alongX ? $1.frame.minX : $1.frame.minY) }
                if sortsAcross { computeBands(sorted) }
                if try take(sorted, bands: bands, into: &sink) == .full { return false }
            }
            stripFirst = stripEnd
        }
        return true
    }

    /// The band each element of `buffer` starts in, into ``stripBands`` (its first
    /// `buffer.count` entries): once per element, for the sort and the take.
    private mutating func computeBands(_ buffer: [LayoutAttributes]) {
        let count = buffer.count
        if stripBands.count < count { stripBands.append(contentsOf: repeatElement(0, count: count - stripBands.count)) }
        let geometry = index.geometry, alongX = self.alongX
        buffer.withUnsafeBufferPointer { elements in
            stripBands.withUnsafeMutableBufferPointer { bands in
                var i = 0
                while i < count {
                    let frame = elements[i].frame
                    bands[i] = Int32(truncatingIfNeeded: geometry.band(of: alongX ? frame.minX : frame.minY))
                    i += 1
                }
            }
        }
    }

    /// Sorts a strip by band, then by `minX`, then by ID (so that equal keys keep one order
    /// whatever the base answered), with ``stripBands`` alongside: nothing when it is in
    /// that order already (one scan); an insertion sort of each band by x, in place, when
    /// only the order within bands is off (a data grid's row header comes after its row's
    /// cells); otherwise a counting sort by band into `sortScratch` first. Bands are short
    /// (a row of a grid) and nearly in order already: O(n + moves) with no comparison of
    /// bands.
    private mutating func sortByBandThenX(_ buffer: inout [LayoutAttributes]) {
        let count = buffer.count
        guard count > 1 else { return }
        var low = Int32.max, high = Int32.min
        var bandsInOrder = true, inOrder = true
        buffer.withUnsafeBufferPointer { elements in
            stripBands.withUnsafeBufferPointer { bands in
                var i = 0
                while i < count {
                    let band = bands[i]
                    low = min(low, band)
                    high = max(high, band)
                    if i > 0 {
                        let before = bands[i - 1]
                        if band < before {
                            bandsInOrder = false
                            inOrder = false
                        } else if inOrder && band == before && Self.precedesAcross(elements[i], elements[i - 1]) {
                            inOrder = false
                        }
                    }
                    i += 1
                }
            }
        }
        if inOrder { return }
        if bandsInOrder {
            buffer.withUnsafeMutableBufferPointer { out in
                stripBands.withUnsafeBufferPointer { bands in
                    var begin = 0
                    while begin < count {
                        var end = begin + 1
                        while end < count && bands[end] == bands[begin] { end += 1 }
                        Self.insertionSortAcross(out, begin, end)
                        begin = end
                    }
                }
            }
            return
        }
        let bands = Int(high - low) + 1
        bandCounts.removeAll(keepingCapacity: true)
        bandCounts.append(contentsOf: repeatElement(0, count: bands + 1))
        if sortScratch.count != count { sortScratch = buffer }
        if bandScratch.count < count { bandScratch = stripBands }
        buffer.withUnsafeBufferPointer { elements in
            stripBands.withUnsafeBufferPointer { elementBands in
                bandCounts.withUnsafeMutableBufferPointer { starts in
                    var i = 0
                    while i < count {
                        starts[Int(elementBands[i] - low) + 1] += 1
                        i += 1
                    }
                    var band = 1
                    while band <= bands {
                        starts[band] += starts[band - 1]
                        band += 1
                    }
                    sortScratch.withUnsafeMutableBufferPointer { out in
                        bandScratch.withUnsafeMutableBufferPointer { outBands in
                            i = 0
                            while i < count {
                                let slot = Int(elementBands[i] - low)
                                out[starts[slot]] = elements[i]
                                outBands[starts[slot]] = elementBands[i]
                                starts[slot] += 1
                                i += 1
                            }
                        }
                        // `starts[b]` is now where band b ends; band b begins where b − 1
                        // ends. Within a band every element has the same band: only the
                        // elements move.
                        var begin = 0
                        band = 0
                        while band < bands {
                            let end = starts[band]
                            Self.insertionSortAcross(out, begin, end)
                            begin = end
                            band += 1
                        }
                    }
                }
            }
        }
        swap(&buffer, &sortScratch)
        swap(&stripBands, &bandScratch)
    }

    /// Insertion sort of `out[begin..<end]` by ``precedesAcross(_:_:)``. An element out
    /// of place (a data grid's row header, after its row's cells) finds its place by
    /// comparisons alone, and the elements it passes move up in one block copy rather than
    /// one 56-byte element at a time.
    @inline(__always)
    private static func insertionSortAcross(_ out: UnsafeMutableBufferPointer<LayoutAttributes>, _ begin: Int, _ end: Int) {
        guard let base = out.baseAddress else { return }
        assert(_isPOD(LayoutAttributes.self), "the block copy below needs plain data")
        var j = begin + 1
        while j < end {
            let element = base[j]
            if precedesAcross(element, base[j - 1]) {
                var k = j - 1
                while k > begin && precedesAcross(element, base[k - 1]) { k -= 1 }
                // Overlapping: copyMemory moves as memmove does.
                UnsafeMutableRawPointer(base + k + 1).copyMemory(from: base + k, byteCount: (j - k) * MemoryLayout<LayoutAttributes>.stride)
                base[k] = element
            }
            j += 1
        }
    }

    /// Order within a band: by `minX`, then by ID.
    @inline(__always)
    private static func precedesAcross(_ x: LayoutAttributes, _ y: LayoutAttributes) -> Bool {
        x.frame.minX != y.frame.minX ? x.frame.minX < y.frame.minX : x.id < y.id
    }

    /// The widest element starting in each band.
    /// - Complexity: O(n + bands), one read of each frame.
    func bandMaxWidths() -> [Double] {
        var widths = [Double](repeating: 0, count: index.bandCount)
        widths.withUnsafeMutableBufferPointer { widths in
            frames.withUnsafeBufferPointer { frames in
                index.bandStarts.withUnsafeBufferPointer { starts in
                    var band = 0
                    while band < widths.count {
                        var widest = 0.0
                        var position = Int(starts[band])
                        let end = Int(starts[band + 1])
                        while position < end {
                            widest = max(widest, frames[position].width)
                            position += 1
                        }
                        widths[band] = widest
                        band += 1
                    }
                }
            }
        }
        return widths
    }

    /// Writes the elements of `buffer` that start in `bands`, as long as their bands do
    /// not decrease, and records where each band starts.
    ///
    /// The loop keeps what it writes in locals (the count, the band starts, the arrays'
    /// base addresses) and takes a cell, by far the commonest element, without a switch or
    /// a call: `self` is touched only for section headers, other supplementary views, group
    /// positions and elements taller than a band.
    private mutating func take(_ buffer: [LayoutAttributes], bands: Range<Int>, into sink: inout Sink) throws(GridError) -> Outcome {
        let lower = bands.lowerBound, upper = bands.upperBound
        // The band geometry alone: a copy of the whole index would share its arrays.
        let geometry = index.geometry
        let alongX = self.alongX, sortsAcross = self.sortsAcross
        var current = lower
        var count = sink.count
        let capacity = sink.frames.count
        var outcome = Outcome.taken
        var failure: GridError?
        // Moved out while the loop appends to it, so that the appends never copy it.
        var bandStarts: [Int32] = []
        swap(&bandStarts, &index.bandStarts)
        defer { swap(&bandStarts, &index.bandStarts) }
        let elementBands = stripBands  // shares the storage: nothing below writes it
        let framesOut = sink.frames, idsOut = sink.ids, cellSlots = sink.cellSlots
        let maxSection = UInt(ElementID.maxSection), maxItem = UInt(ElementID.maxItem)
        sectionStarts.withUnsafeBufferPointer { starts in
            itemCounts.withUnsafeBufferPointer { counts in
                elementBands.withUnsafeBufferPointer { elementBands in
                    buffer.withUnsafeBufferPointer { buffer in
                        let sections = counts.count
                        var i = 0
                        while i < buffer.count {
                            let frame = buffer[i].frame
                            // Two-axis strips had their bands computed for the sort; a scrolling axis
                            // alone has no sort, and its band is computed here, once.
                            let band = sortsAcross ? Int(elementBands[i]) : geometry.band(of: alongX ? frame.minX : frame.minY)
                            let element = i
                            i += 1
                            guard band >= lower && band < upper else { continue }
                            guard band >= current else {
                                outcome = .outOfOrder
                                return
                            }
                            while current < band {
                                bandStarts.append(Int32(truncatingIfNeeded: count))
                                current += 1
                            }
                            guard count < capacity else {
                                outcome = .full
                                return
                            }
                            let path = buffer[element].path, kind = buffer[element].kind
                            // One unsigned comparison each: a negative index is a huge one.
                            guard UInt(bitPattern: path.section) <= maxSection, UInt(bitPattern: path.item) <= maxItem else {
                                failure = Self.pathError(path)
                                return
                            }
                            framesOut[count] = frame
                            idsOut[count] = ElementID(kind: kind, path: path)
                            let groupPosition = buffer[element].groupPosition
                            if groupPosition != .none || !positions.isEmpty {
                                if positions.isEmpty { positions = Array(repeating: .none, count: capacity) }
                                positions[count] = groupPosition
                            }
                            if kind == .cell {
                                if path.section < sections && path.item < counts[path.section] {
                                    cellSlots[starts[path.section] + path.item] = Int32(truncatingIfNeeded: count)
                                }
                            } else {
                                slot(of: kind, path, at: count)
                            }
                            noteIfTall(frame, band: band, at: count)
                            count += 1
                        }
                    }
                }
            }
        }
        sink.count = count
        if let failure { throw failure }
        guard outcome == .taken else { return outcome }
        while current < upper {
            bandStarts.append(Int32(truncatingIfNeeded: count))
            current += 1
        }
        return .taken
    }

}
