// swift-tools-version: 6.1
import PackageDescription

// GridBench's benchmarks, in a package of their own so that `swift test` at the root
// never builds package-benchmark. Run from this directory:
//
//     swift package benchmark
//     swift package benchmark --filter "Frame.*"
let package = Package(
    name: "GridBenchBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "GridBench", path: ".."),
        // Its default traits include a runtime interposer that is not available here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "GridBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GridCore", package: "GridBench"),
                .product(name: "GridLayouts", package: "GridBench"),
                .product(name: "GridStrategies", package: "GridBench"),
                .product(name: "GridViewport", package: "GridBench"),
                .product(name: "GridHarness", package: "GridBench"),
            ],
            path: "Benchmarks/GridBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
