{{/* The name every object of a release starts with. */}}
{{- define "sandi.fullname" -}}
{{ .Release.Name }}-sandi
{{- end }}

{{- define "sandi.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{- define "sandi.labels" -}}
app.kubernetes.io/name: sandi
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* The environment of every Sandi container: the same for app, worker and migration. */}}
{{- define "sandi.env" -}}
- name: NODE_ENV
  value: production
- name: DATA_DIR
  value: /var/lib/sandi
- name: BASE_URL
  value: {{ required "config.baseUrl is required" .Values.config.baseUrl | quote }}
- name: APP_URL
  value: {{ required "config.appUrl is required" .Values.config.appUrl | quote }}
- name: DB_POOLER
  value: {{ .Values.config.dbPooler | quote }}
- name: DB_POOL_SIZE
  value: {{ .Values.config.dbPoolSize | quote }}
- name: SHUTDOWN_DRAIN_MS
  value: {{ .Values.config.shutdownDrainMs | quote }}
- name: RUN_WORKER_IN_APP
  value: "0"
{{- range $name, $key := .Values.secretKeys }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $.Values.existingSecret }}
      key: {{ $key }}
{{- end }}
{{- range $name, $value := .Values.config.extraEnv }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- end }}

{{- define "sandi.volumes" -}}
- name: tmp
  emptyDir:
    medium: Memory
    sizeLimit: {{ .Values.tmpSizeLimit }}
- name: data
  emptyDir: {}
{{- end }}

{{- define "sandi.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /var/lib/sandi
{{- end }}

{{/* Ports and probes of a web pod (app or api): /healthz and /readyz are served by the front either way. */}}
{{- define "sandi.webProbes" -}}
ports:
  - name: http
    containerPort: {{ .Values.app.port }}
# Start-up checks the schema and loads the build; the other probes wait for it.
startupProbe:
  httpGet:
    path: /healthz
    port: http
  periodSeconds: 2
  failureThreshold: 60
# The process answers at all; no dependency is checked, so a database outage restarts nothing.
livenessProbe:
  httpGet:
    path: /healthz
    port: http
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 3
# Database reachable and not draining: 503 after SIGTERM takes the pod out of the Service at once.
readinessProbe:
  httpGet:
    path: /readyz
    port: http
  periodSeconds: 2
  timeoutSeconds: 2
  failureThreshold: 2
{{- end }}
