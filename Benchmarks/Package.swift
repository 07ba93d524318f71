// swift-tools-version: 6.1
// LayoutEngine's benchmarks (package-benchmark), kept in their own package so that the main
// package's build and tests do not depend on the benchmark tooling or on Pango.
// Run: Benchmarks/run.sh, or `cd Benchmarks && swift package benchmark` (docs/BENCHMARKS.md).
import Foundation
import PackageDescription

// A path dependency's identity is the last component of its directory, which differs between
// checkouts (`/work/main` → "main", a CI clone → whatever it is called), so it is computed here
// from where this manifest is rather than written down.
let rootPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Benchmarks/
    .deletingLastPathComponent()  // the repository
let rootPackageIdentity = rootPackage.lastPathComponent

let package = Package(
    name: "LayoutEngineBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(path: ".."),
    ],
    targets: [
        // The Pango 1.50 peer (Debian: libpango1.0-dev libcairo2-dev libfontconfig-dev).
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .systemLibrary(
            name: "CPangoFT2", pkgConfig: "pangoft2",
            providers: [.apt(["libpango1.0-dev", "libfontconfig-dev"])]),
        .target(name: "PangoPeer", dependencies: ["CPangoCairo", "CPangoFT2"]),
        // HarfBuzz alone, the shaping-speed reference for emoji and right-to-left text (issue 11).
        .systemLibrary(
            name: "CHarfBuzzPeer", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .target(name: "HarfBuzzPeer", dependencies: ["CHarfBuzzPeer"]),
        // What every benchmark target shares: the limits machinery, the mixed-text generator,
        // the repository's paths, heap accounting (CHeapStats: glibc's mallinfo2).
        .target(name: "CHeapStats"),
        .target(name: "SplitMix"),
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "CHeapStats", "SplitMix", "Workloads",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TextLayout", package: rootPackageIdentity),
            ]),
        // The text benchmarks' workloads (`MixedText`) and the repository's paths, without the
        // benchmark tooling (the instruction counts use them too).
        .target(
            name: "Workloads",
            dependencies: ["SplitMix", .product(name: "TextLayout", package: rootPackageIdentity)]),
        // Issue 10's feed (spec, trees, sizer), for the compute benchmarks and for counting their
        // instructions under valgrind without the benchmark tooling (scripts/feed-instructions.sh).
        .target(
            name: "FeedSupport",
            dependencies: ["SplitMix", .product(name: "LayoutEngine", package: rootPackageIdentity)]),
        .executableTarget(
            name: "FeedInstructions",
            dependencies: ["FeedSupport", "Workloads", .product(name: "LayoutEngine", package: rootPackageIdentity)]),

        // package-benchmark finds benchmark targets in Benchmarks/<Target>/ below this package.
        .executableTarget(
            name: "TextBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TextLayout", package: rootPackageIdentity),
                "BenchmarkSupport", "PangoPeer", "HarfBuzzPeer",
            ],
            path: "Benchmarks/TextBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // Tables (issue 3): TableLayout, with rows measured by the text engine; naive peer inside.
        .executableTarget(
            name: "TableBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TableLayout", package: rootPackageIdentity),
                .product(name: "TextLayout", package: rootPackageIdentity),
                .product(name: "LayoutGeometry", package: rootPackageIdentity),
                "BenchmarkSupport",
            ],
            path: "Benchmarks/TableBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // Grids (issue 4): FlowLayout, with items measured by the text engine; naive peer inside.
        .executableTarget(
            name: "GridBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FlowLayout", package: rootPackageIdentity),
                .product(name: "TextLayout", package: rootPackageIdentity),
                .product(name: "LayoutGeometry", package: rootPackageIdentity),
                "BenchmarkSupport",
            ],
            path: "Benchmarks/GridBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // The path users run (issue 13 §2, 14): decode → Layouter.compute → write, through the umbrella.
        .executableTarget(
            name: "ComputeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LayoutEngine", package: rootPackageIdentity),
                .product(name: "LayoutReport", package: rootPackageIdentity),
                "BenchmarkSupport", "FeedSupport",
            ],
            path: "Benchmarks/ComputeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
