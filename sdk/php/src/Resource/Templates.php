<?php

namespace Sandi\Resource;

/** Message templates per channel and locale; pick one with 'template' on otp->request / otp->send. */
final class Templates extends ApiResource
{
    /** GET /v3/templates: every template of the key's mode, by name. */
    public function list(): array
    {
        return $this->call('listTemplates')['templates'];
    }

    /** POST /v3/templates with ['name' => …, 'fragments' => [['channel' => …, 'locale' => …, 'text' => …]]]. */
    public function create(array $params): array
    {
        return $this->call('createTemplate', $params);
    }

    /** GET /v3/templates/{name} */
    public function get(string $name): array
    {
        return $this->call('getTemplate', null, ['name' => $name]);
    }

    /** PUT /v3/templates/{name}: replaces every fragment. */
    public function update(string $name, array $fragments): array
    {
        return $this->call('updateTemplate', ['fragments' => $fragments], ['name' => $name]);
    }

    /** DELETE /v3/templates/{name} */
    public function delete(string $name): array
    {
        return $this->call('deleteTemplate', null, ['name' => $name]);
    }
}
