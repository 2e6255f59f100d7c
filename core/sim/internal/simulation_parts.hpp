#pragma once
// What every domain's sim::Simulation holds the same way (sim/<domain>/simulation.cpp): its world behind
// LoadedWorld, and a run whose world and batch were read, kept until it is streamed. A domain's RunInputs
// has the members filled here (plan, plan_document, plan_huella, plan_archivo, world, world_archivo, batch,
// batch_archivo, variante, repeticion, corrida_id, fecha).
#include <functional>
#include <string>
#include <utility>

#include "core/sim/simulation.hpp"

namespace planlang::sim::internal {

template <class World>
class HeldWorld final : public LoadedWorld {
public:
    explicit HeldWorld(World world) : m_world(std::move(world)) {}
    const std::string& huella() const override { return m_world.huella; }
    const World& world() const { return m_world; }

private:
    World m_world;
};

// `Stream` is the domain's simulate_run_streaming.
template <class Inputs, class World, class Batch>
class HeldRun final : public PreparedRun {
public:
    using Stream = StreamedRun (*)(const Inputs&, const FileSink&, const std::function<void()>&);

    HeldRun(const RunRequest& rq, World world, Batch batch, Stream stream)
        : m_world(std::move(world)), m_batch(std::move(batch)), m_stream(stream) {
        m_in.plan = rq.plan;
        m_in.plan_document = rq.plan_document;
        m_in.plan_huella = rq.plan_huella;
        m_in.plan_archivo = rq.plan_archivo;
        m_in.world_archivo = rq.world_archivo;
        m_in.batch_archivo = rq.batch_archivo;
        m_in.variante = rq.variante;
        m_in.repeticion = rq.repeticion;
        m_in.corrida_id = rq.corrida_id;
        m_in.fecha = rq.fecha;
    }
    std::size_t case_count() const override { return m_batch.casos.size(); }
    StreamedRun stream(const FileSink& sink, const std::function<void()>& on_case) const override {
        Inputs in = m_in;  // points at this object's world and batch, which do not move from here on
        in.world = &m_world;
        in.batch = &m_batch;
        return m_stream(in, sink, on_case);
    }

private:
    Inputs m_in;
    World m_world;
    Batch m_batch;
    Stream m_stream;
};

}  // namespace planlang::sim::internal
