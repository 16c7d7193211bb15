import GridCore

/// Everything a viewport keeps between frames that does not depend on its layout's type:
/// the loaded set, its double buffer, the query buffers, the reuse pools, the pinnable
/// headers and the digest.
///
/// Kept apart from the generic ``Viewport`` so that the per-frame diff is ordinary
/// non-generic code, compiled and optimised once whatever the layout.
@usableFromInline
struct LoadedSet: Sendable {
    /// The loaded elements, sorted by ID.
    var elements: [LoadedElement] = []
    /// The other half of the double buffer: the next frame's set is built here, then the
    /// two are swapped.
    var spare: [LoadedElement] = []
    /// The layout writes its answer for the loaded rect here.
    @usableFromInline var query: [LayoutAttributes] = []
    /// Pinned elements of the current frame: the viewport appends those of frozen bands
    /// before ``commit(rect:offset:)``, which adds those pinned until the next.
    @usableFromInline var pinnedBuffer: [LayoutAttributes] = []
    /// Section headers pinned by binary search over the layout's answers, when the layout
    /// declares them in order (``Pinning/ordersSectionHeaders``); kept across prepares.
    @usableFromInline var orderedHeaders = OrderedHeaders()
    /// Where the viewport's extra queries for frozen bands answer.
    @usableFromInline var scratch: [LayoutAttributes] = []
    var pools = TilePools()
    var digest = LoadedSetDigest()
    /// Whether an element with a group position has ever been loaded. Until one has, kept
    /// elements' positions are not compared: a layout gives an element a position in every
    /// answer or in none, so only a layout that sets them can change them, and layouts
    /// without groups pay nothing per kept element.
    var tracksPositions = false
    /// Elements dropped by a reload since the last frame, reported in the next frame's `left`.
    var pendingLeft = 0
    /// The loaded rect of the last frame, while the set is exactly what a full query for it
    /// gives: `nil` before the first frame and after anything that changed the layout, the
    /// data or the set (a prepare, an edit, a reload), so that the next frame queries in
    /// full.
    var previousRect: Rect? {
        didSet {
            if previousRect == nil {
                clearance = Clearance()
                shiftPending = false
            }
        }
    }
    /// Whether a layout edit was followed since the last frame (see ``acceptShift(previous:extents:)``):
    /// the loaded elements have their frames in the edited layout, which the strips of the next
    /// frame may answer again (an element moved out of the last rect), and ``shiftEntering``
    /// holds the elements that now meet the last rect and are not loaded.
    var shiftPending = false
    /// With ``shiftPending``: the elements not loaded that meet the last frame's rect in the
    /// edited layout, sorted by ID.
    var shiftEntering: [LayoutAttributes] = []
    /// Stretches beyond the loaded rect where the layout begins no element, from the
    /// strips' look-ahead: a frame asks nothing on a side whose entering range lies in one.
    /// About the layout alone; forgotten with ``previousRect`` whenever anything but a
    /// frame changes the layout, the data or the set.
    var clearance = Clearance()
    /// How far the loaded elements that are not pinned reach (kept with ``previousRect``).
    var extents = Extents()
    /// The indices in ``elements`` of the pinned elements, in order (kept with
    /// ``previousRect``).
    var pinnedSlots: [Int] = []
    /// For each membership class of the frozen bands (vertical only, horizontal only,
    /// both), the natural rect the last frame asked for and the layout's answer for it:
    /// kept up to date by strips, as the loaded set is. `nil` rects are forgotten.
    var bandRects: [Rect?] = [nil, nil, nil]
    var bandAnswers0: [LayoutAttributes] = []
    var bandAnswers1: [LayoutAttributes] = []
    var bandAnswers2: [LayoutAttributes] = []
    /// Where an incremental frame put its entering elements, until they have tiles.
    var enteringSlots: [Int] = []
    /// The indices in ``elements`` of the elements leaving in an incremental frame.
    var leavingSlots: [Int] = []

    /// What pins, and how.
    var pinning: Pinning {
        didSet { adoptPinning() }
    }
    /// Whether section headers pin by ``orderedHeaders``: the viewport adds them to
    /// ``pinnedBuffer`` before the frame is finished.
    @usableFromInline private(set) var ordersSectionHeaders = false
    /// Whether the layout's rect queries scan everything
    /// (``GridCore/LayoutTraits/rectQueriesScanEverything``): an incremental frame then
    /// asks one query, for the bounding box of its strips.
    var queriesOnce = false
    /// Whether ``pinning`` has frozen bands, which a frame finds with extra rect queries.
    @usableFromInline private(set) var hasBands = false
    let reusePolicy: ReusePolicy

    init(reusePolicy: ReusePolicy, pinning: Pinning) {
        self.reusePolicy = reusePolicy
        self.pinning = pinning
        adoptPinning()
    }

    /// What follows from ``pinning``, made anew for a prepared layout: whether it has bands,
    /// and a new generation of ordered headers (every remembered header forgotten).
    private mutating func adoptPinning() {
        hasBands = pinning.bands != nil
        ordersSectionHeaders = pinning.ordersSectionHeaders
        if let ordered = pinning.orderedSectionHeaders {
            orderedHeaders.reset(sections: ordered.sections, contentEnd: ordered.contentEnd)
        }
    }

    /// Starts a frame whose loaded rect is `rect`: empties the buffers and says what to ask
    /// the layout for. Incrementally, when `incremental` is on and the set is exactly what
    /// a full query for the last frame's rect gives (``previousRect``) and that rect meets
    /// `rect`: the strips of `rect` outside it. Otherwise `rect` whole.
    /// - Complexity: O(1).
    @usableFromInline
    mutating func plan(_ rect: Rect, incremental: Bool) -> Strips {
        // (`removeAll(keepingCapacity:)` costs a call even on an empty array.)
        if !query.isEmpty { query.removeAll(keepingCapacity: true) }
        if !pinnedBuffer.isEmpty { pinnedBuffer.removeAll(keepingCapacity: true) }
        if incremental, let previous = previousRect, previous.intersects(rect) {
            // A layout whose every query scans everything is asked as before, every frame
            // and without look-ahead: the seed's baseline, whose answers, all sorted and
            // diffed, would only grow with it.
            var strips = Strips(of: rect, outside: previous, clearance: queriesOnce ? nil : clearance)
            if queriesOnce { strips.mergeIntoOne() }
            return strips
        }
        return Strips(whole: rect)
    }

    /// Finishes the frame `plan` started, once the layout has answered in ``query`` (and
    /// the frozen bands in ``pinnedBuffer``).
    @usableFromInline
    mutating func finish(_ plan: Strips, rect: Rect, offset: Point) -> FrameReport {
        if let previous = plan.previous { return commitIncremental(plan, rect: rect, previous: previous, offset: offset) }
        // A full frame diffs by ID: a followed edit's entering elements are in its query.
        shiftPending = false
        return commit(rect: rect, offset: offset)
    }

    /// Forgets the last frame's rect: the next frame queries in full. Called whenever the
    /// layout, the data or the loaded set changes other than by a frame.
    mutating func forgetPreviousFrame() {
        previousRect = nil
        // Element by element: an array literal would allocate on every prepare.
        bandRects[0] = nil
        bandRects[1] = nil
        bandRects[2] = nil
    }
}
