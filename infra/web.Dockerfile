# The static site behind nginx, proxying the api.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.json ./
# The shared rules are built by npm ci's prepare step (both the api and the site use them).
COPY shared shared
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN REDISMS_DISABLE_POSTINSTALL=1 npm ci --no-audit --no-fund
COPY frontend frontend
RUN npm run build -w frontend

# 1.27.3 or later: `server ... resolve` in an upstream (infra/nginx.conf).
FROM nginx:1.27-alpine
# The image's entry point writes the environment's NGINX_RESOLVER into the template on start.
ENV NGINX_RESOLVER=127.0.0.11
COPY infra/nginx.conf /etc/nginx/templates/default.conf.template
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 80
