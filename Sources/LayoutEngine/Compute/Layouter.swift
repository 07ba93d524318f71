import TextLayout

/// The owner of the fonts that `compute` measures text with: create one, keep it, and call
/// ``compute(_:options:)`` as often as you like, from as many threads as you like.
///
/// Loading fonts and warming the text engine's caches costs milliseconds; a layouter does it once,
/// on the first call that measures text, and shares the engine (with its bounded caches) across
/// every later call. Caches make calls faster, never different: the same spec gives the same
/// result on a fresh layouter and on one that has measured a million paragraphs.
///
/// ```swift
/// let layouter = Layouter()                       // the bundled fonts
/// let spec = try LayoutSpec.decode(json: data)
/// let result = try layouter.compute(spec)
/// ```
public final class Layouter: Sendable {
    /// A process-wide layouter on the bundled fonts: what the free `compute(_:options:)` uses.
    public static let shared = Layouter()

    /// The engines by font directory (`ComputeOptions.fontDirectory`; nil = the bundled fonts).
    private let engines = EngineLock<[FontSetup: Fonts]>([:])

    /// What an engine is made from: a font directory (nil = the bundled fonts) and a fallback.
    struct FontSetup: Hashable, Sendable {
        var directory: String?
        var fallback: FontFallback
    }
    /// The fonts of `init(textEngine:)`, used for every call (with its prepared cells).
    private let given: Fonts?
    /// How many UTF-16 code units of composed cells' texts each engine keeps prepared across calls.
    private let preparedCellUnits: Int

    /// What a layouter keeps of composed cells by default (`init(preparedCellUnits:)`): 4 M UTF-16
    /// code units of their texts per generation, two generations. A kept cell costs about 48 bytes
    /// per code unit of its texts (their preparation, which the text engine's own cache would have
    /// let go, and the cell's tree): a 10,000-post feed of 2.3 M units keeps about 114 MB.
    public static let defaultPreparedCellUnits = 1 << 22

    /// A layouter that loads fonts on first use: the bundled fonts, or for a call whose
    /// `ComputeOptions.fontDirectory` is set, that directory in front of the bundled fonts.
    public convenience init() {
        self.init(preparedCellUnits: Self.defaultPreparedCellUnits)
    }

    /// A layouter that measures every call's text with `textEngine` (its fonts win over
    /// `ComputeOptions.fontDirectory`).
    public convenience init(textEngine: TextEngine) {
        self.init(textEngine: textEngine, preparedCellUnits: Self.defaultPreparedCellUnits)
    }

    /// A layouter that keeps composed cells prepared (their trees read, their texts shaped and
    /// broken) across calls, up to `preparedCellUnits` code units of their texts per generation:
    /// the same decoded spec computed again — at a new width, say — lays its cells out without
    /// preparing their texts. 0 keeps none (a one-shot computation, as the CLI's, gains nothing
    /// from keeping them); `clearCaches()` gives the memory back.
    public init(preparedCellUnits: Int) {
        given = nil
        self.preparedCellUnits = max(0, preparedCellUnits)
    }

    /// `init(textEngine:)` keeping `preparedCellUnits` of composed cells (`init(preparedCellUnits:)`).
    public init(textEngine: TextEngine, preparedCellUnits: Int) {
        self.preparedCellUnits = max(0, preparedCellUnits)
        given = Fonts(engine: textEngine, preparedCellUnits: self.preparedCellUnits)
    }

    /// The most font directories a layouter keeps engines for at once; past it one of the added
    /// directories is dropped (and reloaded if asked for again): the memory stays bounded.
    public static let engineLimit = 8

    /// Lays out `spec` and answers its queries: see `compute(_:options:)` for the phases.
    ///
    /// - Parameters:
    ///   - spec: a decoded spec.
    ///   - options: how much detail to return; `fontDirectory` picks the fonts (ignored when the
    ///     layouter was given a `TextEngine`).
    public func compute(_ spec: LayoutSpec, options: ComputeOptions = ComputeOptions()) throws(ComputeError) -> ComputeResult {
        let settings: CellSettings
        switch spec {
        case .grid(let grid): settings = CellSettings(baselines: grid.baselines ?? .exact, direction: grid.layoutDirection ?? .leftToRight)
        case .table(let table): settings = CellSettings(baselines: table.baselines ?? .exact, direction: table.layoutDirection ?? .leftToRight)
        }
        let environment = SizingEnvironment(fonts: fonts(for: FontSetup(directory: options.fontDirectory, fallback: options.fontFallback)),
                                            wantsCellFrames: options.detail == .full || options.drawsCells, cellSettings: settings)
        switch spec {
        case .grid(let grid):
            return try GridComputation(spec: grid, scope: .builtin, environment: environment, path: "", options: options).run()
        case .table(let table):
            return try TableComputation(spec: table, scope: .builtin, environment: environment, path: "", options: options).run()
        }
    }

    /// Empties what this layouter keeps between calls: its text engines' caches (shaped words,
    /// prepared paragraphs) and the composed cells it prepared — and what every thread keeps of
    /// the cells it laid out (`CellLayout.clearCaches()`: tree shapes, skeletons, stack layouts).
    /// Fonts stay loaded. For cold-start measurements, or to give the memory back.
    public func clearCaches() {
        CellLayout.clearCaches()
        var all: [Fonts] = given.map { [$0] } ?? []
        all += engines.withLock { Array($0.values) }
        for fonts in all {
            fonts.preparedCells.removeAll()
            fonts.resolvedSections.removeAll()
            fonts.loadedEngine()?.clearCaches()
        }
    }

    /// The text engine that calls with `fontDirectory` measure with (loading it if needed): for
    /// measuring text beside a layout with exactly the same fonts and caches.
    public func textEngine(fontDirectory: String? = nil, fallback: FontFallback = .bundled) throws(TextLayoutError) -> TextEngine {
        try fonts(for: FontSetup(directory: fontDirectory, fallback: fallback)).engine()
    }

    private func fonts(for setup: FontSetup) -> Fonts {
        if let given { return given }
        return engines.withLock { engines in
            if let known = engines[setup] { return known }
            let standard = FontSetup(directory: nil, fallback: .bundled)
            if engines.count >= Self.engineLimit, let first = engines.first(where: { $0.key != standard }) ?? engines.first {
                engines[first.key] = nil
            }
            let made = Fonts(setup: setup, preparedCellUnits: preparedCellUnits)
            engines[setup] = made
            return made
        }
    }

    /// One font setup, loaded on first use; a load that failed fails again the same way.
    final class Fonts: Sendable {
        private let setup: FontSetup
        private let state: EngineLock<Result<TextEngine, TextLayoutError>?>
        /// Composed cells prepared with this engine, kept across compute calls.
        let preparedCells: PreparedCellCache
        /// Long sections' resolved rows, kept across compute calls (none when no cells are kept).
        let resolvedSections: ResolvedSectionCache

        init(setup: FontSetup, preparedCellUnits: Int) {
            self.setup = setup
            state = EngineLock(nil)
            preparedCells = PreparedCellCache(capacityUnits: preparedCellUnits)
            resolvedSections = ResolvedSectionCache(limit: 2, preparedCellUnits: preparedCellUnits)
        }

        init(engine: TextEngine, preparedCellUnits: Int) {
            setup = FontSetup(directory: nil, fallback: .bundled)
            state = EngineLock(.success(engine))
            preparedCells = PreparedCellCache(capacityUnits: preparedCellUnits)
            resolvedSections = ResolvedSectionCache(limit: 2, preparedCellUnits: preparedCellUnits)
        }

        /// The engine if it is loaded (nil before first use or when loading failed).
        func loadedEngine() -> TextEngine? {
            try? state.withLock { $0 }?.get()
        }

        func engine() throws(TextLayoutError) -> TextEngine {
            let result = state.withLock { state -> Result<TextEngine, TextLayoutError> in
                if let state { return state }
                let made: Result<TextEngine, TextLayoutError>
                do throws(TextLayoutError) {
                    var configuration = TextEngine.Configuration()
                    configuration.fallback = setup.fallback
                    if let directory = setup.directory {
                        made = .success(try TextEngine.bundled(adding: directory, configuration: configuration))
                    } else {
                        made = .success(try TextEngine.bundled(configuration: configuration))
                    }
                } catch {
                    made = .failure(error)
                }
                state = made
                return made
            }
            return try result.get()
        }
    }
}
