import LayoutGeometry

/// Stacks: the flexbox algorithm proper (css-flexbox-1 §9).
extension FlexSolver {
    // MARK: Stacks

    struct Item {
        var node: Int
        var base: Double
        var hypo: Double
        var main: Double
        var minMain: Double
        var maxMain: Double
        var minCross: Double
        var maxCross: Double
        var crossConstraint: Dim
        var align: CellAlignment
        var fixedCross: Double?
        var ratio: Double
        var grow: Double
        var shrink: Double
        var padCross: Double
        /// The item's padding along the main axis: CSS weighs shrinking by the *inner* base size.
        var padMain: Double
        /// Room after the item along the main axis beyond the stack's spacing (its custom spacing
        /// less the spacing, as a CSS margin at its end: negative when it is less).
        var after = 0.0
        var frozen = false
        var cross = 0.0
        var baseline = Double.nan
        var lastBaseline = Double.nan
    }

    /// One line of a stack's items: its items `start..<end`, its cross size and (rows aligning
    /// first baselines) its tallest ascent.
    struct Line {
        var start: Int
        var end: Int
        var cross = 0.0
        var ascent = -Double.infinity
        /// (Items aligned by last baselines) the deepest descent below it.
        var lastDescent = -Double.infinity
        var range: Range<Int> { start..<end }
    }

    /// Stack `n`'s properties, without the limits along the axis that `unclamped` lifts.
    @inline(__always)
    func stackProps(_ n: Int) -> Props {
        var s = props[n]
        if _slowPath(unclamped.node == n) {
            if unclamped.width { s.minWidth = 0; s.maxWidth = .infinity } else { s.minHeight = 0; s.maxHeight = .infinity }
        }
        return s
    }

    /// An item's flex base size from its content (css-flexbox §9.2.3 E): its max-content size
    /// along the main axis — *not* clamped by its own max-width or max-height (the hypothetical
    /// main size is; Chromium: a column of max-width 120 holding a text 221 wide has base 221, so
    /// it gives up more of a shortfall than a box of base 10 beside it).
    mutating func contentBase(_ c: Int, isRow: Bool, cross: Dim) throws(CellLayoutError) -> Double {
        let m = try measure(c, isRow ? .unbounded : cross, isRow ? cross : .unbounded)
        let measured = isRow ? m.size.width : m.size.height
        let cp = props[c]
        let maxMain = isRow ? cp.maxWidth : cp.maxHeight
        let minMain = isRow ? cp.minWidth : cp.minHeight
        guard _slowPath(maxMain.isFinite && measured >= maxMain - 1e-9) || _slowPath(minMain > 0 && measured <= minMain + 1e-9) else {
            return measured
        }
        switch cp.kind {
        case .text:
            if isRow { return try maxContentWidth(c) + cp.padH }
            return (m.textSize?.height ?? 0) + cp.padV
        case .stack:
            let saved = unclamped
            unclamped = (c, isRow)
            defer { unclamped = saved }
            // measure()'s constraints, without the cap along the main axis.
            let ow = own(isRow ? .unbounded : cross, cp.width, cp.minWidth, cp.maxWidth, padding: cp.padH)
            let oh = own(isRow ? cross : .unbounded, cp.height, cp.minHeight, cp.maxHeight, padding: cp.padV)
            let u = try stack(c, isRow ? ow : Self.capped(ow, max(cp.maxWidth, cp.minWidth, cp.padH)),
                              isRow ? Self.capped(oh, max(cp.maxHeight, cp.minHeight, cp.padV)) : oh)
            return isRow ? u.size.width : u.size.height
        case .box where cp.ratio.isNaN, .spacer:
            // No content: the base is the padding, whatever the min (Chromium: a box with
            // min-width 10 and grow 2 beside a spacer takes 250 of 375, not 10 + 2/3 of 365).
            return isRow ? cp.padH : cp.padV
        case .box where isRow:
            return Self.ratioBaseWidth(cp, cross: cross)
        case .layered where cp.childCount > 0:
            // Its base's, within the pair's padding: a pair is sized as its base, whose flex base
            // size is not held to its maximum either (Chromium: a text of max-width 120 as a pair's
            // base shrinks beside another text from its max-content width, not from 120).
            let base = childIndex[cp.firstChild]
            return try contentBase(base, isRow: isRow, cross: cross.inset(isRow ? cp.padV : cp.padH)) + (isRow ? cp.padH : cp.padV)
        default:
            return measured
        }
    }

    /// The padding of pair `n`'s base, and of its base's base while that is a pair too (a pair is
    /// sized as its base, all the way down): what the pair's own padding holds besides.
    func basePadding(_ n: Int) -> (h: Double, v: Double) {
        var h = 0.0, v = 0.0, c = n
        while props[c].kind == .layered, props[c].childCount > 0 {
            c = childIndex[props[c].firstChild]
            h += props[c].padH
            v += props[c].padV
        }
        return (h, v)
    }

    /// An aspect-ratio box's flex base size in a row (`box(_:_:_:)`'s width without its own
    /// min-width and max-width, which apply to its hypothetical size only): from a definite
    /// height through the ratio, else from its content — none: its padding, and its height's
    /// limits carried over by the ratio. Chromium: a ratio-1.5 box of min-width 10 and grow 1
    /// beside a box of grow 0.5 in a 120-pt row is 80 wide, not 10 + 2/3 of 110 (seed 2718's
    /// tree 0493, reduced). In a column the height's own limits do count: they reach it through
    /// the fit-content width CSS gives the box (min-height 30 at ratio 1.5 makes it 45 wide, so
    /// 30 tall before it grows: seed 4711's tree 0389, reduced), which `box` already works out.
    static func ratioBaseWidth(_ p: Props, cross: Dim) -> Double {
        ratioWidth(p, height: cross.exactValue, ownLimits: false)
    }

    mutating func stack(_ n: Int, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let s = stackProps(n)
        let padCross = s.isRow ? s.padV : s.padH
        // A column's width is settled before its children are laid out (CSS sizes a block-level
        // box's width first: fit-content within the room it has), so stretched children and their
        // texts and aspect ratios see the final width.
        if !s.isRow, !s.wraps, w.exactValue == nil {
            let room = w.inset(padCross)
            var widest = 0.0
            for k in 0..<s.childCount {
                widest = max(widest, try measure(childIndex[s.firstChild + k], room.loosened, .unbounded).size.width)
            }
            var width = widest + padCross
            // (min(a, max(floor, v)) is a whenever a ≤ v: the min-content floor is only worked out when it may matter.)
            if case .atMost(let v) = w, width > v { width = min(width, max(try minContentWidth(n), v)) }
            return try stack(n, .exact(finish(width, w, s.minWidth, s.maxWidth, padding: padCross)), h)
        }
        // The items and their lines live on the stack (or, for a very long stack, wherever the
        // standard library puts a temporary): no allocation per measurement (a line per item at most).
        let measured = try withUnsafeTemporaryAllocation(of: Item.self, capacity: s.childCount) { buffer throws(CellLayoutError) in
            try withUnsafeTemporaryAllocation(of: Line.self, capacity: Swift.max(1, s.childCount)) { lines throws(CellLayoutError) in
                try flex(n, w, h, items: buffer, lines: lines)
            }
        }
        // A wrapping row whose width is not given: its width is settled first (above: its
        // fit-content width), then its lines are broken at that width, as CSS does — the lines
        // found while working the width out were broken at the room, and a row narrower than the
        // room must not squeeze them (Chromium, tree flex-0290: "本", a box of basis 20 and
        // "stack" make a row 63 pt wide, which then holds them on two lines).
        if s.isRow, s.wraps, w.exactValue == nil {
            return try stack(n, .exact(measured.size.width), h)
        }
        return measured
    }

    /// The flexbox algorithm for stack `n` at `w` × `h` (a column's width settled), with room for
    /// one item per visible child in `items` and one line per item in `lines` (both uninitialized
    /// on entry).
    private mutating func flex(_ n: Int, _ w: Dim, _ h: Dim, items: UnsafeMutableBufferPointer<Item>,
                               lines lineBuffer: UnsafeMutableBufferPointer<Line>) throws(CellLayoutError) -> Measured {
        let s = stackProps(n)
        let isRow = s.isRow
        let padMain = isRow ? s.padH : s.padV
        let padCross = isRow ? s.padV : s.padH
        let mainDim = (isRow ? w : h).inset(padMain)
        let crossDim = (isRow ? h : w).inset(padCross)
        let gap = s.spacing

        // 1. Flex base sizes and hypothetical main sizes.
        for k in 0..<s.childCount {
            let c = childIndex[s.firstChild + k]
            let cp = props[c]
            var align = cp.alignSelf ?? s.alignment
            // (Down a column a first-baseline group is a start group — kept as such right to left,
            // where its left edges line up: below.)
            if align == .firstBaseline && !isRow && !s.mirrors { align = .start }
            let minMain = isRow ? cp.minWidth : cp.minHeight
            let maxMain = isRow ? cp.maxWidth : cp.maxHeight
            let minCross = isRow ? cp.minHeight : cp.minWidth
            let maxCross = isRow ? cp.maxHeight : cp.maxWidth
            // (A pair's padding counts its base's too: the pair is sized as its base, whose border
            // box holds that padding — its inner size, which scales its shrinking, is within both.)
            var childPadMain = isRow ? cp.padH : cp.padV, childPadCross = isRow ? cp.padV : cp.padH
            if cp.kind == .layered {
                let (h, v) = basePadding(c)
                childPadMain += isRow ? h : v
                childPadCross += isRow ? v : h
            }
            let fixedCrossRaw = isRow ? cp.height : cp.width
            let fixedCross: Double? = fixedCrossRaw.isNaN ? nil
                : max(clamp(fixedCrossRaw, minCross, maxCross), childPadCross)
            let crossConstraint: Dim
            if let fixedCross {
                crossConstraint = .exact(fixedCross)
            } else if align == .stretch, !s.wraps, let v = crossDim.exactValue {
                crossConstraint = .exact(clamp(v, minCross, maxCross))
            } else {
                // Widths fit the room they have (fit-content); heights are never held to the room
                // (a block's content height overflows rather than shrinks), so across a row it is unbounded.
                crossConstraint = isRow ? .unbounded : crossDim.loosened
            }
            let fixedMain = isRow ? cp.width : cp.height
            var base: Double
            if !cp.basis.isNaN {
                base = cp.basis
            } else if !fixedMain.isNaN {
                base = fixedMain
            } else if !cp.ratio.isNaN, crossConstraint.exactValue != nil, fixedCross == nil, isRow, !s.heightDefinite {
                // Stretched across a row whose height is not definite (§9.8): the height it is laid
                // out at is no height to take a width from (Chromium: a ratio box beside a box 40
                // tall, in a row down a column that a centring row holds, is 0 wide).
                base = try contentBase(c, isRow: isRow, cross: .unbounded)
            } else if !cp.ratio.isNaN, let cv = crossConstraint.exactValue {
                base = isRow ? max(cv, cp.padV) * cp.ratio : max(cv, cp.padH) / cp.ratio
            } else if cp.kind == .stack || cp.kind == .layered, cp.ratioInside, isRow, !s.heightDefinite, fixedCross == nil, crossConstraint.exactValue != nil {
                // Likewise a stack (or a pair) holding a ratio box: its base is its content before this
                // row's line has a height (Chromium: a row holding only a ratio box of min-width 90, beside
                // a column of text, in a row laid out at the text's height down a column that a
                // centring row holds, flexes from 90 — not from the box's width at that height;
                // fresh corpus seed 8, tree 0311 reduced).
                base = try contentBase(c, isRow: isRow, cross: .unbounded)
            } else {
                base = try contentBase(c, isRow: isRow, cross: crossConstraint)
            }
            // A border-box basis is never less than the padding (CSS: a spacer padded 8 with
            // basis 0 grows from 8).
            base = max(base, childPadMain)
            let lo = max(minMain, childPadMain)
            let hypo = max(clamp(base, minMain, maxMain), childPadMain)
            (items.baseAddress.unsafelyUnwrapped + k).initialize(to: Item(
                node: c, base: base, hypo: hypo, main: hypo, minMain: lo, maxMain: max(lo, maxMain),
                minCross: minCross, maxCross: maxCross, crossConstraint: crossConstraint, align: align,
                fixedCross: fixedCross, ratio: cp.ratio, grow: cp.grow, shrink: cp.shrink,
                padCross: childPadCross, padMain: childPadMain, after: cp.after))
        }

        // 2. Lines.
        var lineCount = 0
        @inline(__always) func addLine(_ start: Int, _ end: Int) {
            (lineBuffer.baseAddress.unsafelyUnwrapped + lineCount).initialize(to: Line(start: start, end: end))
            lineCount += 1
        }
        // (For a wrapping row: the most a line reached with an item joining it, the least it would
        // have reached with the item that started the next — between them the lines break alike.)
        var joinsFrom = -Double.infinity, breaksBelow = Double.infinity
        if s.wraps, let limit = mainDim.limit {
            var start = 0, used = 0.0
            for i in items.indices {
                let add = (i == start ? 0 : gap) + items[i].hypo + items[i].after
                if i > start {
                    let reach = used + add
                    if reach > limit + 1e-9 {
                        breaksBelow = min(breaksBelow, reach)
                        addLine(start, i)
                        start = i
                        used = items[i].hypo + items[i].after
                        continue
                    }
                    joinsFrom = max(joinsFrom, reach)
                }
                used += add
            }
            if start < items.count { addLine(start, items.count) }
        } else if !items.isEmpty {
            addLine(0, items.count)
            if s.wraps {
                var used = 0.0
                for i in items.indices {
                    let add = (i == 0 ? 0 : gap) + items[i].hypo + items[i].after
                    if i > 0 { joinsFrom = max(joinsFrom, used + add) }
                    used += add
                }
            }
        }
        let lines = UnsafeMutableBufferPointer(rebasing: lineBuffer[0..<lineCount])

        // 3. The container's inner main size.
        func used(_ line: Range<Int>, hypothetical: Bool) -> Double {
            var sum = gap * Double(max(0, line.count - 1))
            for i in line { sum += (hypothetical ? items[i].hypo : items[i].main) + items[i].after }
            return sum
        }
        var contentMain = 0.0
        for line in lines { contentMain = max(contentMain, used(line.range, hypothetical: true)) }
        // A row whose width is not given is as wide as its items' max-content contributions, as
        // Chromium sizes it: an item's preferred width (or its content's), clamped — never its
        // flex basis (a box 10 wide with basis 60 contributes 10, then shrinks from 60 to fit).
        // A wrapping row counts the same, and is never narrower than its widest item's min-content
        // width (its min-content width: each item can go on a line of its own) — Chromium:
        // flex-0262's item 80 wide with basis 0 makes the row 80, a box 10 wide and a text with basis 0
        // make it as wide as the text's widest character, flex-0161's row with basis 60 holding a
        // text 65 wide makes it 60.
        if isRow, mainDim.exactValue == nil, s.wraps || items.contains(where: { !props[$0.node].basis.isNaN }) {
            var sum = gap * Double(max(0, items.count - 1))
            for item in items {
                let cp = props[item.node]
                sum += item.after
                guard !cp.basis.isNaN else { sum += item.hypo; continue }
                var wanted: Double
                if !cp.width.isNaN {
                    wanted = cp.width
                } else if !cp.ratio.isNaN, item.fixedCross == nil, !s.heightDefinite {
                    // (A height this row is not definitely given is no height to take a width from.)
                    wanted = try measure(item.node, .unbounded, .unbounded).size.width
                } else if !cp.ratio.isNaN, let cv = item.crossConstraint.exactValue {
                    wanted = cv * cp.ratio
                } else {
                    wanted = try measure(item.node, .unbounded, item.crossConstraint).size.width
                }
                // The item reaches its own width only by flexing from its basis: down if it may shrink,
                // up if it may grow; otherwise it stays at its basis (css-flexbox §9.9.3's clamps).
                let contribution = wanted < cp.basis ? (cp.shrink > 0 ? wanted : cp.basis) : (cp.grow > 0 ? wanted : cp.basis)
                sum += max(clamp(contribution, item.minMain, item.maxMain), item.padMain)
            }
            if s.wraps {
                for item in items { sum = max(sum, try minContentWidth(item.node) + item.after) }
            }
            contentMain = sum
        }
        var floor = 0.0
        if isRow, case .atMost(let v) = mainDim, contentMain > v {
            floor = try minContentWidth(n) - padMain
            // An aspect-ratio item whose height is definite here (given to the row, or stretched
            // to a given height) cannot be narrower than that height makes it — more than the
            // tree-wide min-content width knows (Chromium: a ratio-1.5 box in a row 120 tall
            // keeps 180 of a 200-pt room). Nor can a stack holding one, given that height: its
            // min-content width is worked out at it (Chromium: a row holding a row of a ratio-1.5
            // box and a box 20 tall is 30 wide in a column 0 wide; held-out tree 0327 reduced).
            func sizedByItsHeight(_ item: Item) -> Bool {
                item.fixedCross == nil && item.crossConstraint.exactValue != nil
                    && ((!item.ratio.isNaN && props[item.node].width.isNaN)
                        || ((props[item.node].kind == .stack || props[item.node].kind == .layered) && props[item.node].ratioInside))
            }
            if items.contains(where: sizedByItsHeight) {
                let content = try stackMinContent(s) { k throws(CellLayoutError) in
                    if sizedByItsHeight(items[k]) {
                        if !items[k].ratio.isNaN {
                            guard !props[items[k].node].basis.isNaN else { return items[k].hypo }
                            // A ratio box with a basis: its width at that height, clamped as any
                            // item's contribution by a basis it may not grow from (Chromium: a ratio-0.75
                            // box of basis 20 in a row 20 tall, in a column 0 wide, makes the row 15
                            // wide; 40 tall, 20; fresh corpus seed 4242, tree 0023 reduced).
                            let c = try measure(items[k].node, .unbounded, items[k].crossConstraint).size.width
                            return s.wraps ? c : try rowMinContentContribution(items[k].node, c)
                        }
                        // (Its contribution as any item's: capped at a basis it may not grow from —
                        // Chromium: a column of basis 60 holding a ratio box and a box 80 wide gives a
                        // row 200 tall 60 of its min-content width, not 80; tree 4242/0145 reduced.)
                        let c = try measure(items[k].node, .atMost(0), items[k].crossConstraint).size.width
                        return s.wraps ? c : try rowMinContentContribution(items[k].node, c)
                    }
                    let c = try minContentWidth(items[k].node)
                    return s.wraps ? c : try rowMinContentContribution(items[k].node, c)
                }
                floor = max(clamp(content, s.minWidth, s.maxWidth), padMain) - padMain
            }
        }
        let innerMain = inner(contentMain, mainDim, outer: isRow ? w : h, padding: padMain,
                              isRow ? s.minWidth : s.minHeight, isRow ? s.maxWidth : s.maxHeight, floor: floor)

        // 4. Flexible lengths, line by line.
        for line in lines { resolveFlexibleLengths(items, line.range, innerMain: innerMain, gap: gap) }

        // 5. Hypothetical cross sizes (and baselines).
        for i in items.indices {
            if !items[i].ratio.isNaN, items[i].fixedCross == nil {
                let r = items[i].ratio
                items[i].cross = max(clamp(isRow ? items[i].main / r : items[i].main * r, items[i].minCross, items[i].maxCross),
                                     items[i].padCross)
                continue
            }
            let m = try measure(items[i].node, isRow ? .exact(items[i].main) : items[i].crossConstraint,
                                isRow ? items[i].crossConstraint : .exact(items[i].main))
            items[i].cross = isRow ? m.size.height : m.size.width
            items[i].baseline = m.baseline
            items[i].lastBaseline = m.lastBaseline
        }

        // 6. Line cross sizes.
        var contentCross = gap * Double(max(0, lineCount - 1))
        for l in lines.indices {
            var maxCross = 0.0, maxAscent = -Double.infinity, maxDescent = -Double.infinity
            var lastAscent = -Double.infinity, lastDescent = -Double.infinity
            for i in lines[l].range {
                if isRow, items[i].align == .firstBaseline {
                    let ascent = items[i].baseline.isNaN ? items[i].cross : items[i].baseline
                    maxAscent = max(maxAscent, ascent)
                    maxDescent = max(maxDescent, items[i].cross - ascent)
                } else if isRow, items[i].align == .lastBaseline {
                    // (The last-baseline group: its items' last baselines, synthesized from their
                    // bottom edges, line up; the group sits at the line's end — css-align-3 §9.3.)
                    let ascent = items[i].lastBaseline.isNaN ? items[i].cross : items[i].lastBaseline
                    lastAscent = max(lastAscent, ascent)
                    lastDescent = max(lastDescent, items[i].cross - ascent)
                } else {
                    maxCross = max(maxCross, items[i].cross)
                    // (Down a column the group has no baseline to share: its items' starts line up
                    // where the widest of them ends at the line's end — Chromium.)
                    if items[i].align == .lastBaseline { lastDescent = max(lastDescent, items[i].cross) }
                    // (Right to left, a first-baseline group down a column lines its left edges up
                    // as well, its widest member at the start edge: the right — Chromium. Its
                    // items' right edges line up where the widest ends in the left-to-right layout
                    // that is mirrored.)
                    if items[i].align == .firstBaseline { maxAscent = max(maxAscent, items[i].cross) }
                }
            }
            lines[l].cross = max(maxCross, maxAscent + maxDescent, isRow ? lastAscent + lastDescent : 0)
            lines[l].ascent = maxAscent
            lines[l].lastDescent = lastDescent
        }
        // (Summed in line order after the gaps, as before: the same additions in the same order.)
        contentCross = lines.reduce(0) { $0 + $1.cross } + contentCross
        let innerCross = inner(contentCross, crossDim, outer: isRow ? h : w, padding: padCross,
                               isRow ? s.minHeight : s.minWidth, isRow ? s.maxHeight : s.maxWidth)
        if !s.wraps, lineCount > 0 {
            lines[0].cross = innerCross
        } else if innerCross > contentCross, lineCount > 0 {
            // align-content: normal (stretch): the lines share the extra space.
            let extra = (innerCross - contentCross) / Double(lineCount)
            for l in lines.indices { lines[l].cross += extra }
        }

        // 7. Stretch, then positions: the rects appended to the solver's in item order (lines
        // are consecutive ranges of items; nothing below measures, so they stay together).
        let firstRect = rects.count
        var overflowed = false
        var lineStart = 0.0
        var baseline = Double.nan, lastBaseline = Double.nan
        var synthesized = false  // (or not the first item's at all: a group's)
        var lastFrom = -1  // the item giving the last baseline, if one does alone
        let firstCross = items.isEmpty ? 0 : items[0].cross
        let lastCross = items.isEmpty ? 0 : items[items.count - 1].cross
        let needsBaseline = tree.needsBaseline[n]
        for l in lines.indices {
            let line = lines[l].range, lc = lines[l].cross
            for i in line where items[i].align == .stretch && items[i].fixedCross == nil {
                items[i].cross = max(clamp(lc, items[i].minCross, items[i].maxCross), items[i].padCross)
            }
            let free = innerMain - used(line, hypothetical: false)
            if free < -1e-6 { overflowed = true }
            let (offset, between) = Self.justification(s.justify, free: free, count: line.count, gap: gap)
            var position = offset
            for i in line {
                let crossOffset: Double
                switch items[i].align {
                case .start, .stretch: crossOffset = 0
                case .center: crossOffset = (lc - items[i].cross) / 2
                case .end: crossOffset = lc - items[i].cross
                case .firstBaseline:
                    crossOffset = lines[l].ascent - (isRow && !items[i].baseline.isNaN ? items[i].baseline : items[i].cross)
                case .lastBaseline:
                    // (Down a column the group's left edges line up where its widest ends at the end
                    // edge; right to left that edge is the left one: each at it in the mirror image.)
                    crossOffset = isRow ? lc - lines[l].lastDescent - (items[i].lastBaseline.isNaN ? items[i].cross : items[i].lastBaseline)
                                        : s.mirrors ? lc - items[i].cross : lc - lines[l].lastDescent
                }
                let mainPos = (isRow ? s.padLeft : s.padTop) + position
                let crossPos = (isRow ? s.padTop : s.padLeft) + lineStart + crossOffset
                rects.append(isRow
                    ? Rect(x: mainPos, y: crossPos, width: items[i].main, height: items[i].cross)
                    : Rect(x: crossPos, y: mainPos, width: items[i].cross, height: items[i].main))
                position += items[i].main + items[i].after + between
            }
            // (A stack's own baselines are read only where its parent aligns by them or takes them.)
            if l == 0, needsBaseline, let first = line.first {
                // The container's first baseline: that of its first line's baseline-aligned items
                // (a last-baseline group's when it has no first-baseline one: Chromium, a row holding
                // a wrapped text aligned by last baselines gives the text's last line), else its
                // first item's (synthesized from its bottom edge when it has none).
                if isRow, line.contains(where: { items[$0].align == .firstBaseline }) {
                    baseline = s.padTop + lines[0].ascent
                } else if isRow, line.contains(where: { items[$0].align == .lastBaseline }) {
                    baseline = s.padTop + lc - lines[0].lastDescent
                    synthesized = true  // (no item's to measure again below; seed 51 with last baselines, tree 0411)
                } else {
                    let r = rects[firstRect + first]
                    baseline = r.minY + (items[first].baseline.isNaN ? r.height : items[first].baseline)
                    synthesized = items[first].baseline.isNaN
                }
            }
            if l == lines.count - 1, needsBaseline, let last = line.last {
                // The container's last baseline: that of its last line's last-baseline group, else
                // its last item's (synthesized from its bottom edge) — css-flexbox §8.5, ends swapped.
                if isRow, line.contains(where: { items[$0].align == .lastBaseline }) {
                    lastBaseline = s.padTop + lineStart + lc - lines[l].lastDescent
                } else if isRow, line.contains(where: { items[$0].align == .firstBaseline }) {
                    lastBaseline = s.padTop + lineStart + lines[l].ascent
                } else {
                    let r = rects[firstRect + last]
                    lastBaseline = r.minY + (items[last].lastBaseline.isNaN ? r.height : items[last].lastBaseline)
                    lastFrom = last
                }
            }
            lineStart += lc + gap
        }
        // A first item that takes the container's baseline and was stretched past its own size may
        // have moved its baseline (content centred or aligned to its end): it is measured again at
        // its final size — after every rect of this stack is in place (Chromium, tree 0438: a box
        // centred in a row stretched from 30 to 46.9 gives its baseline 8.45 lower).
        if needsBaseline, !synthesized, !items.isEmpty, items[0].align == .stretch, items[0].fixedCross == nil,
           props[items[0].node].kind == .stack || props[items[0].node].kind == .layered, abs(items[0].cross - firstCross) > 1e-9,
           !(isRow && lines[0].range.contains(where: { items[$0].align == .firstBaseline })) {
            let r = rects[firstRect]
            let m = try measure(items[0].node, .exact(r.width), .exact(r.height))
            if !m.baseline.isNaN { baseline = r.minY + m.baseline }
        }
        // Likewise the item giving the last baseline (a stack stretched past its size, its content
        // centred or at its end, moves it).
        if needsBaseline, lastFrom >= 0, items[lastFrom].align == .stretch, items[lastFrom].fixedCross == nil,
           props[items[lastFrom].node].kind == .stack || props[items[lastFrom].node].kind == .layered,
           abs(items[lastFrom].cross - lastCross) > 1e-9 {
            let r = rects[firstRect + lastFrom]
            let m = try measure(items[lastFrom].node, .exact(r.width), .exact(r.height))
            lastBaseline = r.minY + (m.lastBaseline.isNaN ? r.height : m.lastBaseline)
        }
        let size = isRow ? Size(width: innerMain + padMain, height: innerCross + padCross)
                         : Size(width: innerCross + padCross, height: innerMain + padMain)
        // A row whose items kept their hypothetical sizes with nothing to grow: at any inner width
        // at least each line's sum and gaps they would again (summed as `resolveFlexibleLengths`
        // sums them, whose comparison decides it), on the same lines while the lines break alike,
        // their places along a single line following from the room left as above, a wrapping
        // row's lines placed from the start edge (`keptMeasurement`).
        var m = Measured(size: size, baseline: baseline, lastBaseline: lastBaseline, firstRect: firstRect, overflowed: overflowed)
        if isRow, !s.wraps || s.justify == .start, items.allSatisfy({ $0.grow == 0 }) {
            var needed = 0.0, shrank = false
            for line in lines {
                var sumHypo = 0.0
                for i in line.range { sumHypo += items[i].hypo + items[i].after }
                let lineNeeds = sumHypo + gap * Double(max(0, line.range.count - 1))
                if lineNeeds > innerMain { shrank = true }
                needed = max(needed, lineNeeds)
            }
            if !shrank {
                m.widerFrom = needed
                m.joinsFrom = joinsFrom
                m.breaksBelow = breaksBelow
            }
        }
        return m
    }
}
